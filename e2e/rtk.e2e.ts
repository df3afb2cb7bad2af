/**
 * RTK devices as manufacturer A (13800000003) uses them: the list of its devices with the ended
 * and soon-ending services highlighted; a renewal of an ended device from its row (the dialog comes
 * prefilled with its Bluetooth address) moves its end of service a year ahead; the allow switch
 * stops a device and the list, reloaded from the server, shows it stopped. Then the page in English.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/rtk-list';
const MAKER_A = '13800000003';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('[data-testid="list-rtk"] .ant-table-tbody tr.ant-table-row');
/** The row of a device (the first cell is its id). */
const rowOf = (page: Page, devId: string) =>
  rows(page).filter({ has: page.locator(`td:text-is("${devId}")`) });
const settled = (page: Page) => listSettled(page, 'rtk');
/** Device ids of the rows whose end of service is shown at `level`. */
const devicesAt = (page: Page, level: string) =>
  page
    .locator(`[data-testid^="rtk-expiry-"][data-level="${level}"]`)
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace('rtk-expiry-', '')));

describe('RTK devices', () => {
  it('maker A renews an ended device and stops another', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, MAKER_A);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Only maker A's devices (its terminals are JYRTK...), with no manufacturer column.
    const ids = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector('td')?.textContent ?? ''),
    );
    expect(ids.every((id) => id.startsWith('JYRTK'))).toBe(true);
    expect(await page.locator('.ant-table-thead').textContent()).not.toContain('制造商');
    const ended = await devicesAt(page, 'ended');
    expect(ended.length).toBeGreaterThan(0);
    expect((await devicesAt(page, 'soon')).length).toBeGreaterThan(0);
    expect(await page.locator('.ant-table-tbody').textContent()).toMatch(/已过期 \d+ 天/);
    await settled(page);
    await screenshot(page, 'rtk-list-zh');

    // Renew the first ended device from its row: prefilled address, 365 days.
    const devId = ended[0] as string;
    const row = rowOf(page, devId);
    const btaddr = (await row.locator('td').nth(4).textContent()) ?? '';
    expect(btaddr).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    await row.getByTestId('row-renew').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '续费 RTK 服务' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('field-btaddr').inputValue()).toBe(btaddr);
    expect(await dialog.getByTestId('field-availableDays').inputValue()).toBe('365');
    await settled(page);
    await screenshot(page, 'rtk-renew-zh');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已为 1 台设备续费 365 天');
    await expect
      .poll(() => rowOf(page, devId).getByTestId(`rtk-expiry-${devId}`).getAttribute('data-level'), {
        timeout: 15_000,
      })
      .toBe('ok');
    expect(await rowOf(page, devId).getByTestId(`rtk-expiry-${devId}`).textContent()).toMatch(
      /剩余 36[45] 天/,
    );

    // Stop an allowed device with its switch; the list reloaded from the server shows it stopped.
    const allowed = page.locator('[data-testid^="rtk-allow-"][aria-checked="true"]').first();
    const switchId = (await allowed.getAttribute('data-testid')) as string;
    await allowed.click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已停止使用服务');
    await expect
      .poll(() => page.getByTestId(switchId).getAttribute('aria-checked'), { timeout: 15_000 })
      .toBe('false');
    await page.reload();
    await expect
      .poll(() => page.getByTestId(switchId).getAttribute('aria-checked'), { timeout: 20_000 })
      .toBe('false');
    // And back on.
    await page.getByTestId(switchId).click();
    await expect
      .poll(() => page.getByTestId(switchId).getAttribute('aria-checked'), { timeout: 15_000 })
      .toBe('true');
    await settled(page);
    await screenshot(page, 'rtk-after-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('shows the list, the filters and the bind dialog in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, MAKER_A);
    await page.goto(url(`${PATH}?type=1`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const head = (await page.locator('.ant-table-thead').textContent()) ?? '';
    for (const title of ['Device ID', 'Bluetooth address', 'Service key', 'Service allowed', 'Service ends'])
      expect(head).toContain(title);
    expect(await page.locator('.ant-table-tbody').textContent()).toMatch(/\d+ d left/);
    await settled(page);
    expect(await page.getByTestId('list-export').isEnabled()).toBe(true);
    await screenshot(page, 'rtk-list-en');

    // Export of the filtered set (drone terminals): one row per device with the translated titles.
    const total = Number(
      ((await page.locator('.ant-pagination-total-text').textContent()) ?? '').replace(/\D/g, ''),
    );
    expect(total).toBeGreaterThan(0);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('list-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^RTK devices \d{4}-\d{2}-\d{2}\.xlsx$/);
    const dir = mkdtempSync(join(tmpdir(), 'agrifleet-rtk-'));
    try {
      await file.saveAs(join(dir, 'rtk.xlsx'));
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(join(dir, 'rtk.xlsx'));
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      expect(values(1).slice(0, 4)).toEqual(['Device ID', 'Drone', 'Product number', 'Type']);
      expect(sheet.actualRowCount).toBe(total + 1);
      for (let i = 2; i <= total + 1; i++) {
        expect(values(i)[3]).toBe('Drone');
        expect(String(values(i)[5] ?? '')).not.toMatch(/^qx[0-9a-f]{14}$/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.getByRole('button', { name: 'Bind key' }).first().click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Bind a service key' });
    await dialog.waitFor();
    await dialog.getByTestId('field-devId').fill('bad id');
    await dialog.getByTestId('field-qxdsk').fill('short');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.textContent()).toContain('8 to 64 letters, digits, _ or -');
    await settled(page);
    await screenshot(page, 'rtk-bind-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
