/**
 * Operation subsidies in the browser (issue 22 #3). The Jiangsu government (13800000002) opens
 * SubsidyList (cards, per-region statistics, the list of the demo's computed subsidies), computes the
 * subsidies of a unified task, opens a subsidy with deductions and reads why part of its area was not
 * paid (a translated reason), and exports its evidence (.xlsx, read back) and its track (KML); then
 * the same in English; then draws a seeded spot check, records a failed inspection, seals the
 * subsidy and checks the seal. No console errors (the guard fails the test); screenshots also go to
 * SUBWEB_SHOTS when set.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRows, listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/subsidy-list';
const GOV = '13800000002';
const JIANGSU = 156320000;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  const dir = process.env.SUBWEB_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  copyFileSync(
    fileURLToPath(new URL(`../test-results/screenshots/${name}.png`, import.meta.url)),
    `${dir}/${name}.png`,
  );
}

/** The subsidy rows (the per-region statistics table above them sits in the same list container). */
const rows = (page: Page) => listRows(page, 'subsidies').filter({ has: page.getByTestId('row-open') });

/**
 * A rate table for Jiangsu and this year, entered through the API with the page's session (the test
 * console has no demo rates; a compute without one is refused with a 400, as a product should).
 */
async function ensureRates(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  const res = await page.context().request.post(url('/api/drone/subsidy/manage/rates'), {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      region: JIANGSU,
      year: new Date().getFullYear(),
      rows: [{ regionCode: JIANGSU, cropId: null, terrain: 'plain', fenPerMu: 1000 }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The demo computes its subsidies after generating its history, in the background: reload until they are listed. */
async function waitForRows(page: Page) {
  await expect
    .poll(
      async () => {
        const n = await rows(page).count();
        if (n === 0) await page.reload();
        return n;
      },
      { timeout: 60_000, interval: 5_000 },
    )
    .toBeGreaterThan(0);
}

/** Opens subsidies from the top until one shows deductions; returns the reasons' table text. */
async function openWithDeductions(page: Page): Promise<string> {
  const count = await rows(page).count();
  for (let i = 0; i < count; i++) {
    await rows(page).nth(i).getByTestId('row-open').click();
    const drawer = page.getByTestId('subsidy-detail');
    await expect.poll(() => drawer.getByTestId('subsidy-header').count(), { timeout: 20_000 }).toBe(1);
    const reasons = drawer.getByTestId('subsidy-reasons');
    await expect.poll(async () => (await reasons.textContent()) ?? '', { timeout: 10_000 }).not.toBe('');
    if ((await reasons.locator('.ant-table-tbody tr').count()) > 0)
      return (await reasons.textContent()) ?? '';
    await page.locator('.ant-drawer-close').click();
    await expect.poll(() => drawer.count()).toBe(0);
  }
  // None has deductions (a fresh console's live sorties may all be paid): the first one, read as it is.
  await rows(page).first().getByTestId('row-open').click();
  await expect.poll(() => page.getByTestId('subsidy-header').count(), { timeout: 20_000 }).toBe(1);
  return '';
}

async function exportsWork(page: Page, lang: 'zh' | 'en') {
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-subsidy-'));
  try {
    const xlsx = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('export-evidence').click();
    const file = await xlsx;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    await file.saveAs(join(dir, 'e.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'e.xlsx'));
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const head = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(head[0]).toBe(lang === 'zh' ? '架次' : 'Sortie');
    expect(head).toContain(lang === 'zh' ? '扣减' : 'Deductions');
    expect(sheet.actualRowCount).toBeGreaterThan(1);

    const kml = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('export-kml').click();
    const k = await kml;
    expect(k.suggestedFilename()).toMatch(/\.kml$/);
    await k.saveAs(join(dir, 't.kml'));
    const text = readFileSync(join(dir, 't.kml'), 'utf8');
    expect(text).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(text).toContain('<LineString>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('subsidies', { timeout: 300_000 }, () => {
  it('the government computes a task, reads a deduction and exports the evidence (zh)', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, GOV);
    await ensureRates(page);
    // Jiangsu's yearly regional scheme (the test console has history, no demo tasks): the region
    // filter prefills the dialog's region.
    await page.goto(url(`${PATH}?year=${new Date().getFullYear()}&region=${JIANGSU}`));
    await listSettled(page, 'subsidies');
    await page.getByRole('button', { name: '核算补贴' }).click();
    const dialog = page.getByTestId('subsidy-compute');
    await dialog.getByText('区域年度补贴').click();
    await dialog.getByRole('button', { name: '核算补贴' }).click();
    const result = page.getByTestId('subsidy-compute-result');
    await expect.poll(() => result.count(), { timeout: 60_000 }).toBe(1);
    expect(await result.textContent()).toContain('耗时');
    await shot(page, 'subsidies-compute-zh');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await waitForRows(page);
    await expect.poll(() => page.getByTestId('subsidy-card-amount').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('subsidy-stat').locator('.ant-table-tbody tr').count()).toBeGreaterThan(0);
    expect(page.url()).toContain(`year=${new Date().getFullYear()}`);
    await listSettled(page, 'subsidies');
    // The charts' bars grow for about a second.
    await page.waitForTimeout(1200);
    await shot(page, 'subsidies-list-zh');

    const reasons = await openWithDeductions(page);
    if (reasons)
      expect(reasons).toMatch(
        /无作业轨迹|进入禁飞区|重复喷洒|超出项目区域|超出地块|用药量超出登记范围|无适用补贴标准|作物不符|面积不符|抽检不合格|超出限额/,
      );
    await expect
      .poll(() => page.getByTestId('subsidy-evidence').locator('.ant-table-tbody tr.ant-table-row').count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await shot(page, 'subsidies-detail-zh');
    await exportsWork(page, 'zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('reads the same in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, GOV);
    await page.goto(url(PATH));
    await waitForRows(page);
    const head =
      (await page.locator('[data-testid="list-subsidies"] .ant-table-thead').last().textContent()) ?? '';
    for (const title of ['Operator', 'Programme', 'Monitored', 'Qualified', 'Paid', 'Amount (yuan)'])
      expect(head).toContain(title);
    await listSettled(page, 'subsidies');
    await shot(page, 'subsidies-list-en');
    const reasons = await openWithDeductions(page);
    if (reasons)
      expect(reasons).toMatch(
        /No track kept|Inside a no-fly zone|Sprayed twice|Outside the programme's region|Outside the block|Dose outside|No rate applies|Wrong crop|Wrong acreage|Spot check failed|Over the quota/,
      );
    await shot(page, 'subsidies-detail-en');
    await exportsWork(page, 'en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('the government draws a spot check, records a failed inspection, seals and checks the seal', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, GOV);
    await page.goto(url(PATH));
    await waitForRows(page);
    await rows(page).first().getByTestId('row-open').click();
    const drawer = page.getByTestId('subsidy-detail');
    await expect.poll(() => drawer.getByTestId('subsidy-header').count(), { timeout: 20_000 }).toBe(1);
    // A seeded draw: the seed is shown, so anyone can draw the same sample again.
    await drawer.locator('input[data-testid="spot-size"], [data-testid="spot-size"] input').fill('10');
    await drawer.getByTestId('subsidy-spot').getByPlaceholder('随机').fill('7');
    await drawer.getByTestId('spot-draw-button').click();
    await expect.poll(() => drawer.getByTestId('spot-seed').textContent(), { timeout: 15_000 }).toBe('7');
    // A sampled sortie of the evidence (paging on until one is shown) is recorded as failed.
    const evidence = drawer.getByTestId('subsidy-evidence');
    const record = evidence.locator('[data-testid^="spot-record-"]');
    for (let i = 0; i < 50 && (await record.count()) === 0; i++) {
      await evidence.locator('.ant-pagination-next').click();
      await page.waitForTimeout(300);
    }
    const sortieId = (await record.first().getAttribute('data-testid'))?.replace('spot-record-', '');
    await record.first().click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `架次 ${sortieId} 的抽检` });
    await dialog.waitFor();
    await dialog.getByText('不合格').click();
    await dialog.locator('textarea').fill('田间复核：未见药液沉积');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toastTexts(page), { timeout: 15_000 }).toContain('抽检结果已登记');
    await expect
      .poll(() => evidence.locator('tr').filter({ hasText: '田间复核' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await evidence.locator('tr').filter({ hasText: '田间复核' }).textContent()).toContain('不合格');

    // Sealed: the digest is shown, the writes are gone, and the check finds nothing changed.
    await drawer.getByTestId('subsidy-seal').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /封\s*存/ })
      .click();
    await expect.poll(() => toastTexts(page), { timeout: 15_000 }).toContain('补贴已封存');
    await expect
      .poll(() => drawer.getByTestId('subsidy-digest').textContent(), { timeout: 15_000 })
      .toMatch(/[0-9a-f]{16}/);
    expect(await drawer.getByTestId('spot-draw-button').count()).toBe(0);
    expect(await drawer.getByTestId('subsidy-delete').count()).toBe(0);
    await drawer.getByTestId('subsidy-check').click();
    await expect.poll(() => toastTexts(page), { timeout: 15_000 }).toContain('封存的证据未被改动');
    await shot(page, 'subsidies-sealed-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
