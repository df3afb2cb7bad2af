/**
 * The statistics screen as the platform user sees it: the small variant's panels (charts, or the
 * empty placeholder) and the side panel's totals; the data screen from the heading; with the
 * BigScreen flag the large variant's fixed Chinese title, in any UI language; the home icon back
 * to the monitor.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** Each panel shows a chart or the placeholder once loaded. */
async function panelsShowDataOrEmpty(page: Page, testIds: string[], empty: string) {
  for (const id of testIds) {
    const panel = page.getByTestId(id);
    await expect
      .poll(
        async () =>
          (await panel.locator('canvas').count()) > 0 || (await panel.textContent())?.includes(empty),
        { timeout: 20_000 },
      )
      .toBe(true);
  }
}

/** The totals: loaded (a number, not '-') for the platform's seeded fleet. */
async function totalsLoaded(page: Page) {
  const drones = page.getByTestId('total-droneNum');
  await expect.poll(() => drones.textContent(), { timeout: 20_000 }).toMatch(/^\d/);
  expect(await page.getByTestId('stat-totals').locator('[data-testid^="total-"]').count()).toBe(8);
  for (const block of ['today', 'thisMonth', 'thisYear']) {
    await expect.poll(() => page.getByTestId(`overview-${block}`).textContent()).toMatch(/\d/);
  }
}

describe('statistics screen', () => {
  it('shows the platform user the small variant, the data screen and the large one, and goes home', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000001');
    await page.goto(url('/stat-screen'));
    const screen = page.getByTestId('stat-screen');
    await expect.poll(() => screen.getAttribute('data-variant'), { timeout: 15_000 }).toBe('small');
    expect(await page.getByTestId('stat-title').textContent()).toBe('作业数据总览');
    await panelsShowDataOrEmpty(page, ['stat-rankings', 'stat-regions'], '暂无数据');
    // Top 3 in the small variant.
    const rows = Number(await page.getByTestId('rank-drone-all').getAttribute('data-rows'));
    expect(rows).toBeLessThanOrEqual(3);
    await totalsLoaded(page);
    await screenshot(page, 'stats-small-zh');

    // The data screen (StatOverview) from the heading.
    await page.getByTestId('stat-switch').click();
    await page.waitForURL(/\/stat\/overview$/);
    await expect.poll(() => page.getByTestId('stat-title').textContent()).toBe('数据大屏');
    await panelsShowDataOrEmpty(page, ['stat-hours', 'stat-modes'], '暂无数据');
    await screenshot(page, 'stats-data-zh');

    // BigScreen = 'true': the large variant, fixed Chinese.
    await page.evaluate(() => localStorage.setItem('BigScreen', 'true'));
    await page.goto(url('/stat-screen'));
    await expect.poll(() => screen.getAttribute('data-variant'), { timeout: 15_000 }).toBe('large');
    expect(await page.getByTestId('stat-title').textContent()).toBe('农机作业大数据管理平台');
    await panelsShowDataOrEmpty(page, ['stat-rankings', 'stat-regions', 'stat-hours'], '暂无数据');
    await totalsLoaded(page);
    await screenshot(page, 'stats-large');

    // Home: back to the monitor.
    await page.getByTestId('stat-home').click();
    await page.waitForURL(/\/monitor_manage\/monitor$/);
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('translates the small variant but keeps the large one in Chinese', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, '13800000001');
    await page.goto(url('/stat-screen'));
    await expect
      .poll(() => page.getByTestId('stat-title').textContent(), { timeout: 15_000 })
      .toBe('Operations Overview');
    await panelsShowDataOrEmpty(page, ['stat-rankings'], 'No data');
    await totalsLoaded(page);
    await screenshot(page, 'stats-small-en');
    await page.evaluate(() => localStorage.setItem('BigScreen', 'true'));
    await page.goto(url('/stat-screen'));
    await expect
      .poll(() => page.getByTestId('stat-title').textContent(), { timeout: 15_000 })
      .toBe('农机作业大数据管理平台');
    expect(await page.getByTestId('stat-side').textContent()).toContain('机器总数');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
