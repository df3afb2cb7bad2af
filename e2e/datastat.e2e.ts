/**
 * Data statistics as the platform user uses it: the overview of the seeded history and the list of
 * stat items; an item created (area per month, bar chart), opened as a chart with data, changed to
 * a table with its totals row, deleted. In English: the form refuses per-day figures over all time
 * with the rule the server applies, in the user's language.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/data_stat_manage/data-stat-list';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('[data-testid="list-datastat"] .ant-table-tbody tr.ant-table-row');
const form = (page: Page) => page.getByTestId('list-form');
const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Waits for a toast saying this (earlier toasts may still show). */
const toastSays = (page: Page, text: string) =>
  expect
    .poll(async () => (await page.locator('.ant-message-notice').allInnerTexts()).join(' | '), {
      timeout: 15_000,
    })
    .toContain(text);

/** Saves the form and waits for the dialog to close. */
async function save(page: Page) {
  await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
  await form(page).waitFor({ state: 'detached', timeout: 15_000 });
}

async function openDetail(page: Page) {
  await page.getByTestId('row-open').first().click();
  await page.getByTestId('datastat-detail').waitFor({ timeout: 20_000 });
}

async function closeDetail(page: Page) {
  await page.locator('.ant-drawer-close').click();
  await page.getByTestId('datastat-detail').waitFor({ state: 'detached' });
}

describe('data statistics', () => {
  it('shows the overview and the list; creates, opens, edits and deletes a stat item', async () => {
    const { page, context } = await newPage(browser);
    // A clock the test can move on: the detail's automatic refresh.
    await page.clock.install();
    await signInByApi(page, '13800000001');
    await page.goto(url(PATH));

    // The overview: the seeded history in all time; the account's items.
    await expect
      .poll(async () => number(await page.getByTestId('datastat-all-sorties').textContent()), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(number(await page.getByTestId('datastat-all-area').textContent())).toBeGreaterThan(0);
    const items = number(await page.getByTestId('datastat-item-count').textContent());
    expect(await page.locator('[data-testid="list-datastat"] .ant-table-thead').textContent()).toContain(
      '统计指标',
    );
    await screenshot(page, 'datastat-zh');

    // Create: area per month over all time, as a bar chart.
    const name = `按月作业面积 ${Date.now()}`;
    await page.getByTestId('list-create').click();
    await form(page).waitFor();
    await page.getByTestId('field-name').fill(name);
    await chooseOption(page, page.getByTestId('field-periodType'), '全部');
    await chooseOption(page, page.getByTestId('field-x'), '月');
    await chooseOption(page, page.getByTestId('field-y'), '作业面积');
    await chooseOption(page, page.getByTestId('field-showType'), '柱状图');
    await screenshot(page, 'datastat-form-zh');
    await save(page);
    await toastSays(page, '创建成功');
    await expect
      .poll(() => page.getByTestId('datastat-item-count').textContent(), { timeout: 15_000 })
      .toBe(String(items + 1));

    // Only this item: the name filter.
    await page.getByTestId('filter-name').fill(name);
    await page.getByTestId('list-search').click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await rows(page).first().textContent()).toContain('柱状图');

    // Its detail: a bar chart with data.
    await openDetail(page);
    const detail = page.getByTestId('datastat-detail');
    expect(await detail.getAttribute('data-kind')).toBe('bar');
    await detail.locator('canvas').first().waitFor();
    expect(number(await page.getByTestId('datastat-detail-total').textContent())).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await screenshot(page, 'datastat-chart-zh');
    await closeDetail(page);

    // Edit: a table, with its totals row, refreshed every minute.
    await page.getByTestId('row-edit').first().click();
    await form(page).waitFor();
    expect(await page.getByTestId('field-name').inputValue()).toBe(name);
    await chooseOption(page, page.getByTestId('field-showType'), '表格');
    await chooseOption(page, page.getByTestId('field-refreshFre'), '每 1 分钟');
    await save(page);
    await toastSays(page, '更新成功');
    await expect.poll(() => rows(page).first().textContent(), { timeout: 15_000 }).toContain('表格');
    await openDetail(page);
    expect(await page.getByTestId('datastat-detail').getAttribute('data-kind')).toBe('table');
    const tableRows = page.locator('[data-testid="datastat-table"] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => tableRows.count()).toBeGreaterThan(0);
    expect(await tableRows.first().textContent()).toMatch(/^\d{4}-\d{2}/);
    expect(await page.getByTestId('datastat-table-totals').textContent()).toContain('合计');
    await page.waitForTimeout(600);
    await screenshot(page, 'datastat-table-zh');

    // The open detail reloads itself every minute; once closed, it stops.
    expect(await page.getByTestId('datastat-refresh-every').textContent()).toContain('每 1 分钟');
    const reloaded = page.waitForRequest((r) => r.url().includes('getStatDetail'));
    await page.clock.fastForward(61_000);
    await reloaded;
    await closeDetail(page);
    let later = 0;
    page.on('request', (r) => {
      if (r.url().includes('getStatDetail')) later++;
    });
    await page.clock.fastForward(125_000);
    await page.waitForTimeout(500);
    expect(later).toBe(0);

    // Delete, with confirmation.
    await page.getByTestId('row-delete').first().click();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await toastSays(page, '删除成功');
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('datastat-item-count').textContent()).toBe(String(items));

    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('refuses per-day figures over all time in English, with the server rule', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, '13800000001');
    await page.goto(url(PATH));
    await expect
      .poll(() => page.getByTestId('datastat-overview-all').textContent(), { timeout: 20_000 })
      .toContain('All time');
    await page.getByTestId('list-create').click();
    await form(page).waitFor();
    await page.getByTestId('field-name').fill('Daily area');
    await chooseOption(page, page.getByTestId('field-periodType'), 'All time');
    await chooseOption(page, page.getByTestId('field-x'), 'Day');
    await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
    await expect
      .poll(() => form(page).locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(['Statistics per day cover at most 366 days']);
    await screenshot(page, 'datastat-form-en');

    // A preview of valid settings: figures, nothing stored.
    await chooseOption(page, page.getByTestId('field-periodType'), 'This year');
    await page.getByTestId('form-action-preview').click();
    await page.getByTestId('datastat-detail').waitFor({ timeout: 20_000 });
    expect(await page.locator('.ant-drawer-title').textContent()).toContain('Preview');
    await closeDetail(page);
    await page.locator('.ant-modal-footer:visible .ant-btn').filter({ hasText: 'Cancel' }).click();
    await form(page).waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="list-datastat"] .ant-table-tbody').textContent()).not.toContain(
      'Daily area',
    );
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
