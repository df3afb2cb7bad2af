/**
 * Unified pest-control tasks in the browser (issue 22 #2). The Jiangsu government (13800000002)
 * creates a running task for its province, enrols drones of two operators (one picked by search,
 * every drone of the other by owner), reads the task's drone list and its chart page; operator 丰收
 * (13800000005) sees the task and only its own drones, read-only; the pages in English; the
 * government brings a withdrawn drone back from a list file, narrows its dates, renames the task
 * and ends it early. No console errors, no missing texts; screenshots of the three pages.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  dialogOpened,
  listRows,
  listSettled,
  missingTranslations,
  signInByApi,
  toastTexts,
} from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const LIST = '/business_manage/unified-task-list';
const GOV = '13800000002';
const FENGSHOU = '13800000005';
const FENGSHOU_NAME = '丰收飞防服务合作社';
const LVYE_NAME = '绿野植保服务队';
const START = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
const NAME = `小麦赤霉病统防 ${Date.now() % 100_000}`;

let browser: Browser;
let taskId = 0;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** A screenshot into test-results and, for a look at it, /tmp/taskweb-shots. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  const dir = process.env.TASKWEB_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  copyFileSync(
    fileURLToPath(new URL(`../test-results/screenshots/${name}.png`, import.meta.url)),
    `${dir}/${name}.png`,
  );
}

/** Types the start of the dialog's date range (the end kept) and waits until it shows. */
async function startRangeOn(dialog: Locator, day: string) {
  const range = dialog.locator('.ant-picker-range input');
  await range.first().click();
  await range.first().fill(day);
  await range.first().press('Enter');
  await range.nth(1).press('Enter');
  await expect.poll(() => range.first().inputValue()).toBe(day);
}

const taskRow = (page: Page) => listRows(page, 'unifiedTasks').filter({ hasText: NAME });
const droneListId = () => `unifiedTaskDrones-${taskId}`;
const ownersShown = async (page: Page) =>
  new Set(
    await listRows(page, droneListId()).evaluateAll((trs) =>
      // Column order: [select,] droneId, droneName, modelName, owner, ...
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '');
        return cells.find((c) => c.includes('合作社') || c.includes('服务队') || c.includes('张')) ?? '';
      }),
    ),
  );

describe('unified tasks', () => {
  it('the government creates a task, enrols drones of two operators and reads its figures', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, GOV);
    await page.goto(url(LIST));
    await listSettled(page, 'unifiedTasks');
    await page.getByRole('button', { name: '新建任务' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建统防统治任务' });
    await dialog.waitFor();
    await dialog.getByTestId('task-name').fill(NAME);
    await dialog.getByTestId('task-region').click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '中国' }).first().click();
    await page.locator('.ant-cascader-menu-item').filter({ hasText: '江苏省' }).first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.getByTestId('task-region').textContent()).toContain('江苏省');
    await chooseOption(page, dialog.getByTestId('task-type'), '病虫害统防统治');
    // Started ten days ago: the drones' flights of those days (the demo history) are attributed at enrolment.
    await startRangeOn(dialog, START);
    await listSettled(page, 'unifiedTasks');
    await shot(page, 'unified-task-dialog-zh');
    await dialog.getByTestId('task-save').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('任务已保存');
    await expect.poll(() => taskRow(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await taskRow(page).textContent()).toContain('进行中');
    expect(await taskRow(page).textContent()).toContain('江苏');
    await shot(page, 'unified-task-list-zh');

    // The drone list: enrol a drone of 丰收 by search, then every drone of 绿野 by owner.
    await taskRow(page).getByTestId('row-drones').click();
    await page.waitForURL(/\/unified-task-list\/\d+\/drone-list$/);
    taskId = Number(page.url().match(/unified-task-list\/(\d+)\//)?.[1]);
    await page.getByTestId('task-header-name').filter({ hasText: NAME }).waitFor();
    await listSettled(page, droneListId());
    await page.getByRole('button', { name: '添加无人机' }).click();
    const enrol = page.locator('.ant-modal').filter({ hasText: '添加无人机' });
    await enrol.waitFor();
    const search = enrol.getByTestId('enrol-search');
    await search.click();
    await search.locator('input').fill(FENGSHOU_NAME);
    const option = page.locator('.ant-select-item-option').filter({ hasText: FENGSHOU_NAME }).first();
    await option.waitFor({ timeout: 15_000 });
    await option.click();
    await page.keyboard.press('Escape');
    await enrol.getByTestId('enrol-save').click();
    await expect.poll(() => toastTexts(page), { timeout: 15_000 }).toMatch(/已添加或更新 1 架/);
    await expect.poll(() => listRows(page, droneListId()).count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole('button', { name: '按单位添加' }).click();
    const byOwner = page.locator('.ant-modal').filter({ hasText: '按单位添加' });
    await byOwner.waitFor();
    await chooseOption(page, byOwner.getByTestId('enrol-owner'), LVYE_NAME);
    await byOwner.getByTestId('enrol-save').click();
    await expect.poll(async () => (await ownersShown(page)).size, { timeout: 20_000 }).toBe(2);
    const owners = await ownersShown(page);
    expect(owners.has(FENGSHOU_NAME) && owners.has(LVYE_NAME)).toBe(true);
    await listSettled(page, droneListId());
    await shot(page, 'unified-task-drones-zh');

    // Withdraw one of 绿野's drones (with confirmation): the list has one row fewer.
    const totalText = page.locator(`[data-testid="list-${droneListId()}"] .ant-pagination-total-text`);
    const total = async () => Number((await totalText.textContent())?.replace(/\D/g, ''));
    const before = await total();
    const lvye = listRows(page, droneListId()).filter({ hasText: LVYE_NAME }).first();
    // Column order: select, droneId, ...
    const withdrawn = ((await lvye.locator('td').nth(1).textContent()) ?? '').trim();
    await lvye.locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-withdraw').click();
    await page.getByTestId('withdraw-ok').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已移出 1 架无人机');
    await expect.poll(total, { timeout: 15_000 }).toBe(before - 1);

    // It comes back from a list file; a line that is no drone id is named and skipped.
    await page.getByRole('button', { name: '导入名单' }).click();
    const byFile = page.locator('.ant-modal').filter({ hasText: '导入名单' });
    await byFile.waitFor();
    await byFile
      .getByTestId('enrol-upload')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'drones.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(`${withdrawn}\n不是编号\n`),
      });
    await expect
      .poll(() => byFile.getByTestId('enrol-parsed').textContent())
      .toContain('读取到 1 个无人机编号');
    expect(await byFile.getByTestId('enrol-parsed').textContent()).toContain('不是编号');
    await byFile.getByTestId('enrol-save').click();
    await expect.poll(() => toastTexts(page), { timeout: 15_000 }).toMatch(/已添加或更新 1 架/);
    await expect.poll(total, { timeout: 15_000 }).toBe(before);

    // Its dates narrowed to start a day later.
    const later = new Date(Date.parse(START) + 86_400_000).toISOString().slice(0, 10);
    const back = listRows(page, droneListId()).filter({ hasText: withdrawn }).first();
    await back.locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-redate').click();
    const redate = page.locator('.ant-modal').filter({ hasText: '已选 1 架无人机' });
    await redate.waitFor();
    await startRangeOn(redate, later);
    await redate.getByTestId('enrol-save').click();
    await expect.poll(() => toastTexts(page), { timeout: 15_000 }).toMatch(/已添加或更新 1 架/);
    await expect
      .poll(async () => listRows(page, droneListId()).filter({ hasText: withdrawn }).first().textContent(), {
        timeout: 15_000,
      })
      .toContain(later);

    // The chart page: the figures count the enrolled drones; every chart card is there.
    await page.getByTestId('task-to-chart').click();
    await page.waitForURL(/\/chart$/);
    await expect
      .poll(() => page.getByTestId('task-figure-drones').textContent(), { timeout: 15_000 })
      .toMatch(/\d/);
    const drones = Number((await page.getByTestId('task-figure-drones').textContent())?.replace(/\D/g, ''));
    expect(drones).toBeGreaterThanOrEqual(2);
    for (const id of [
      'task-chart-daily',
      'task-chart-owners',
      'task-chart-crops',
      'task-chart-drones',
      'task-chart-excluded',
    ])
      await page.getByTestId(id).waitFor();
    await page.getByTestId('task-sortie-map').waitFor();
    await page.getByTestId('task-sorties').waitFor();
    // The enrolled drones' sorties of the period are listed, each counted or with its reason.
    const sortieRows = page.locator('[data-testid="task-sorties"] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => sortieRows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await sortieRows.first().textContent()).toMatch(/已计入|未计入/);
    await page.waitForTimeout(1500);
    await shot(page, 'unified-task-chart-zh');
    await page.getByTestId('task-sortie-map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await shot(page, 'unified-task-chart-map-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('an operator sees the task and only its own drones, without the government writes', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, FENGSHOU);
    await page.goto(url(LIST));
    await listSettled(page, 'unifiedTasks');
    await expect.poll(() => taskRow(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await taskRow(page).getByTestId('row-edit').count()).toBe(0);
    expect(await taskRow(page).getByTestId('row-cancel').count()).toBe(0);
    expect(await page.getByRole('button', { name: '新建任务' }).count()).toBe(0);
    await taskRow(page).getByTestId('row-drones').click();
    await listSettled(page, droneListId());
    await expect.poll(() => listRows(page, droneListId()).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect([...(await ownersShown(page))]).toEqual([FENGSHOU_NAME]);
    expect(await page.getByRole('button', { name: '添加无人机' }).count()).toBe(0);
    expect(await page.getByTestId('batch-withdraw').count()).toBe(0);
    await shot(page, 'unified-task-drones-operator-zh');
    await page.getByTestId('task-to-chart').click();
    await page.getByTestId('task-sorties').waitFor();
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('the platform opens the crop, work-type and medicine catalogues from the list', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000001');
    await page.goto(url(LIST));
    await listSettled(page, 'unifiedTasks');
    await page.getByRole('button', { name: '作物、作业类型与药剂' }).click();
    await page.getByTestId('lookups-drawer').waitFor();
    await page.getByTestId('lookups-crops').waitFor();
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('reads in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, GOV);
    await page.goto(url(LIST));
    await listSettled(page, 'unifiedTasks');
    await expect.poll(() => taskRow(page).count(), { timeout: 15_000 }).toBe(1);
    const head = await page.locator('[data-testid="list-unifiedTasks"] .ant-table-thead').textContent();
    expect(head).toContain('Task name');
    expect(head).toContain('Area (');
    expect(await taskRow(page).textContent()).toContain('Running');
    expect(await taskRow(page).textContent()).toContain('Pest and disease control');
    await shot(page, 'unified-task-list-en');
    await page.goto(url(`${LIST}/${taskId}/drone-list`));
    await page.getByTestId('task-header').waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Enrol drones' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => listRows(page, droneListId()).count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await listSettled(page, droneListId());
    expect(
      await page.locator(`[data-testid="list-${droneListId()}"] .ant-table-thead`).textContent(),
    ).toContain('Sorties left out');
    await shot(page, 'unified-task-drones-en');
    await page.goto(url(`${LIST}/${taskId}/chart`));
    await page.getByTestId('task-chart-daily').filter({ hasText: 'Counted area per day' }).waitFor();
    await page.getByTestId('task-sorties').waitFor();
    await page.waitForTimeout(1500);
    await shot(page, 'unified-task-chart-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('the government edits the task, then ends it early', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, GOV);
    await page.goto(url(LIST));
    await listSettled(page, 'unifiedTasks');
    await expect.poll(() => taskRow(page).count(), { timeout: 15_000 }).toBe(1);
    await taskRow(page).getByTestId('row-edit').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '编辑统防统治任务' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('task-name').inputValue()).toBe(NAME);
    await dialog.getByTestId('task-name').fill(`${NAME}（二期）`);
    await dialog.getByTestId('task-save').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('任务已保存');
    await expect.poll(() => taskRow(page).textContent(), { timeout: 15_000 }).toContain('（二期）');
    await taskRow(page).getByTestId('row-finish').click();
    await page.getByTestId('task-close-ok').waitFor();
    await dialogOpened(page);
    await page.getByTestId('task-close-ok').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('任务已结束');
    await expect.poll(() => taskRow(page).textContent(), { timeout: 15_000 }).toContain('已结束');
    expect(await taskRow(page).getByTestId('row-edit').count()).toBe(0);
    await context.close();
  });
});
