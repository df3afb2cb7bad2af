/**
 * The drone list and detail as maker A (13800000003) uses them: the list of its drones with the
 * statistics strip, a filter (sale status: sold) kept in the address, a drone's detail opened from
 * its row, the drone locked with a password and the lock command's state shown; screenshots of the
 * list and the detail in Chinese and English.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/drone-list';
const MAKER_A = '13800000003';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('[data-testid="list-drones"] .ant-table-tbody tr.ant-table-row');
const stat = async (page: Page, key: string) =>
  Number(((await page.getByTestId(`drone-list-stat-${key}`).textContent()) ?? '').replace(/[^\d]/g, ''));

describe('drones', () => {
  it('maker A filters its drones, opens one, locks it and sees the command state (zh)', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, MAKER_A);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const all = await stat(page, 'total');
    expect(all).toBeGreaterThan(0);
    expect(await stat(page, 'zzNum')).toBe(1);
    await screenshot(page, 'drones-list-zh');

    // Sold drones only: fewer, every row says sold.
    await chooseOption(page, page.getByTestId('filter-saleType'), '已售');
    await page.getByTestId('list-search').click();
    await page.waitForURL(/saleType=2/);
    await expect.poll(() => stat(page, 'total'), { timeout: 15_000 }).toBeLessThan(all);
    const sold = await stat(page, 'total');
    expect(sold).toBeGreaterThan(0);
    await expect
      .poll(() => rows(page).evaluateAll((trs) => trs.map((tr) => tr.textContent ?? '')), { timeout: 15_000 })
      .toSatisfy((texts: string[]) => texts.length > 0 && texts.every((x) => x.includes('已售')));
    await page.reload();
    await expect.poll(() => stat(page, 'total'), { timeout: 15_000 }).toBe(sold);

    // Open the first unlocked drone's detail.
    const row = rows(page).filter({ hasText: '未锁定' }).filter({ hasText: '已激活' }).first();
    const droneId = ((await row.locator('td').first().textContent()) ?? '').trim();
    await row.getByTestId('row-open').click();
    await page.waitForURL(new RegExp(`${PATH}/${droneId}$`));
    await expect
      .poll(() => page.getByTestId('drone-detail').textContent(), { timeout: 15_000 })
      .toContain(droneId);
    await expect
      .poll(() => page.locator('.maplibregl-canvas').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(3000);
    await screenshot(page, 'drones-detail-zh');

    // Lock it: password twice, then the command's state.
    await page.getByTestId('detail-lock').click();
    await page.getByTestId('lock-password').fill('stolen-2026');
    await page.getByTestId('lock-confirm').fill('stolen-2026');
    await page.getByTestId('lock-submit').click();
    const state = page.locator('.ant-modal [data-testid="command-state"]');
    await expect
      .poll(() => state.getAttribute('data-state'), { timeout: 15_000 })
      .toMatch(/^(pending|sent|acknowledged|done|failed|timedOut)$/);
    await screenshot(page, 'drones-lock-zh');
    await page.getByTestId('lock-close').click();
    await expect
      .poll(() => page.getByTestId('drone-detail').textContent(), { timeout: 15_000 })
      .toContain('已锁定');
    expect(await page.getByTestId('detail-unlock').count()).toBe(1);
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('shows the list and a detail in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, MAKER_A);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.locator('.ant-table-thead').textContent()).toContain('Work area');
    await screenshot(page, 'drones-list-en');
    await rows(page).first().getByTestId('row-open').click();
    await expect
      .poll(() => page.getByTestId('drone-detail').textContent(), { timeout: 15_000 })
      .toContain('Lifetime figures');
    await page.waitForTimeout(3000);
    await screenshot(page, 'drones-detail-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
