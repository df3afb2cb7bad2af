/**
 * Drone statistics as the platform user uses it: the list of the seeded history, a filter by
 * manufacturer (kept in the address across a reload), a sort, and the Excel export of the whole
 * filtered set, read back: one row per drone of the total, the same rows as the table, a totals row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/data_stat_manage/data-stat-list/~/drone-statistics';
const MAKER_A = '极翼植保无人机有限公司';

let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'agrifleet-export-'));
});
afterAll(async () => {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (page: Page) =>
  page.locator('[data-testid="list-droneStatistics"] .ant-table-tbody tr.ant-table-row');
/** The number of drones of the filtered set, as the page shows it. */
const totalDrones = async (page: Page) =>
  Number(((await page.getByTestId('drone-stat-total-drones').textContent()) ?? '').replace(/\D/g, ''));
/** Texts of one column (by its index) of the rows shown. */
const column = (page: Page, index: number) =>
  rows(page).evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? ''), index);

describe('drone statistics', () => {
  it('filters by manufacturer, keeps the filter on reload and exports every drone of the set', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000001');
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const allDrones = await totalDrones(page);
    expect(allDrones).toBeGreaterThan(0);
    await screenshot(page, 'drone-stats-zh');

    // Filter by manufacturer A.
    await chooseOption(page, page.getByTestId('filter-zzAccountId'), MAKER_A);
    await page.getByTestId('list-search').click();
    await page.waitForURL(/zzAccountId=\d+/);
    await expect
      .poll(() => column(page, 3), { timeout: 15_000 })
      .toSatisfy((names: string[]) => names.length > 0 && names.every((n) => n === MAKER_A));
    const total = await totalDrones(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(allDrones);

    // A reload keeps the filter (it lives in the address) and shows the same set.
    await page.reload();
    await expect
      .poll(() => column(page, 3), { timeout: 15_000 })
      .toSatisfy((names: string[]) => names.length > 0 && names.every((n) => n === MAKER_A));
    expect(await totalDrones(page)).toBe(total);
    expect(await page.getByTestId('filter-zzAccountId').textContent()).toContain(MAKER_A);

    // Sort by sorties, most first.
    await page.locator('.ant-table-thead th').filter({ hasText: '架次' }).click();
    await page.waitForURL(/sort=flightCount/);
    await expect
      .poll(async () => (await column(page, 5)).map((v) => Number(v.replace(/\D/g, ''))), { timeout: 15_000 })
      .toSatisfy((n: number[]) => n.length > 0 && n.every((v, i) => i === 0 || (n[i - 1] as number) >= v));
    const firstIds = await column(page, 0);

    // Export: progress dialog, then an .xlsx download with one row per drone of the total.
    const started = Date.now();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('list-export').click();
    const file = await download;
    const ms = Date.now() - started;
    expect(file.suggestedFilename()).toMatch(/^无人机作业统计 \d{4}-\d{2}-\d{2}\.xlsx$/);
    const path = join(dir, 'export.xlsx');
    await file.saveAs(path);
    console.log(JSON.stringify({ exportRows: total, exportMs: ms }));

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('无人机ID');
    expect(values(1)).toContain('作业面积（亩）');
    // Header, one row per drone, the totals row.
    expect(sheet.actualRowCount).toBe(total + 2);
    expect(values(total + 2)[0]).toBe('合计');
    const ids = Array.from({ length: total }, (_, i) => String(values(i + 2)[0]));
    expect(new Set(ids).size).toBe(total);
    expect(ids.slice(0, firstIds.length)).toEqual(firstIds);
    const flights = Array.from({ length: total }, (_, i) => Number(values(i + 2)[5]));
    expect(Number(values(total + 2)[5])).toBe(flights.reduce((a, b) => a + b, 0));
    await screenshot(page, 'drone-stats-filtered-zh');

    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('shows the page in English with the area in acres', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, '13800000001');
    await page.goto(url(`${PATH}?zzAccountId=999999`));
    // An owner nobody has: the empty placeholder, translated.
    await expect
      .poll(() => page.locator('.ant-table-placeholder').textContent(), { timeout: 20_000 })
      .toContain('No data');
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.locator('.ant-table-thead').textContent()).toContain('Sprayed area (ac)');
    await screenshot(page, 'drone-stats-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
