/**
 * Drone models as manufacturer A (13800000003) uses them: creates two models, adds an ID range of
 * 20 serials to one (the dialog previews the count, the result says 20 created), adds an
 * overlapping range to the other (10 created, the 10 existing listed), then merges the first into
 * the second: its row goes, the kept one counts all 30 drones. Then the list and a refused range
 * (100,000 serials) in English. Screenshots in zh and en.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { allowConsoleError, launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/drone-model-list';
const MAKER_A = '13800000003';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('[data-testid="list-models"] .ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.locator(`td:text-is("${name}")`) });
/** The drones count of a model's row (6th column for a manufacturer). */
const dronesOf = async (page: Page, name: string) =>
  (await rowOf(page, name).locator('td').nth(5).textContent())?.trim();

const settled = (page: Page) => listSettled(page, 'models');

async function createModel(page: Page, name: string, width: string) {
  await page.getByTestId('list-create').click();
  const form = page.getByTestId('list-form');
  await form.waitFor();
  await settled(page);
  await form.getByTestId('field-modelName').fill(name);
  await form.getByTestId('field-sprayWidth').fill(width);
  await form.getByTestId('field-tankLitres').fill('30');
  await chooseOption(page, form.getByTestId('field-shape'), '六旋翼');
  await page
    .locator('.ant-modal')
    .filter({ has: form })
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect.poll(() => rowOf(page, name).count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.getByTestId('list-form').count(), { timeout: 10_000 }).toBe(0);
}

async function addRange(
  page: Page,
  model: string,
  prefix: string,
  start: number,
  end: number,
  width: number,
) {
  await rowOf(page, model).getByTestId('row-idRange').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('range-prefix') });
  await dialog.waitFor();
  await dialog.getByTestId('range-prefix').fill(prefix);
  await dialog.getByTestId('range-start').fill(String(start));
  await dialog.getByTestId('range-end').fill(String(end));
  await dialog.getByTestId('range-width').fill(String(width));
  return dialog;
}

describe('drone models', () => {
  it('maker A creates models, adds an ID range of 20 serials, sees the count, merges', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, MAKER_A);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Only maker A's models (its demo models are JY-...), with no manufacturer column.
    const names = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector('td')?.textContent ?? ''),
    );
    expect(names.every((n) => n.startsWith('JY-'))).toBe(true);
    expect(await page.locator('.ant-table-thead').textContent()).not.toContain('厂家');
    expect(await page.locator('.ant-table-tbody').textContent()).toContain('四旋翼');

    await createModel(page, 'E2E-合并', '6');
    await createModel(page, 'E2E-保留', '7.5');
    expect(await rowOf(page, 'E2E-合并').locator('td').nth(1).textContent()).toBe('六旋翼');

    // A range of 20 serials: the dialog previews the count and the first and last serials.
    const dialog = await addRange(page, 'E2E-合并', 'E2EM', 1, 20, 4);
    await expect
      .poll(() => dialog.getByTestId('range-preview').textContent())
      .toBe('共 20 个编号：E2EM0001 … E2EM0020');
    await settled(page);
    await screenshot(page, 'models-range-zh');
    await dialog.getByTestId('range-ok').click();
    const result = page.getByTestId('range-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toMatch(/新建无人机\s*20.*已存在\s*0/);
    await page.getByTestId('range-close').click();
    await expect.poll(() => dronesOf(page, 'E2E-合并'), { timeout: 15_000 }).toBe('20');

    // An overlapping range on the other model: 10 created, the 10 existing listed.
    const second = await addRange(page, 'E2E-保留', 'E2EM', 11, 30, 4);
    await expect.poll(() => second.getByTestId('range-preview').textContent()).toContain('共 20 个编号');
    await second.getByTestId('range-ok').click();
    await page.getByTestId('range-existed').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('range-result').textContent()).toMatch(/新建无人机\s*10.*已存在\s*10/);
    expect(await page.getByTestId('range-existed').textContent()).toContain('E2EM0011, E2EM0012');
    await settled(page);
    await screenshot(page, 'models-range-result-zh');
    await page.getByTestId('range-close').click();
    await expect.poll(() => dronesOf(page, 'E2E-保留'), { timeout: 15_000 }).toBe('10');

    // Merge E2E-合并 into E2E-保留.
    await rowOf(page, 'E2E-保留').getByTestId('row-merge').click();
    const merge = page.locator('.ant-modal').filter({ has: page.getByTestId('merge-select') });
    await merge.waitFor();
    await settled(page);
    await chooseOption(page, merge.getByTestId('merge-select'), 'E2E-合并');
    // Close the dropdown (a click on the dialog's title) so the warning shows.
    await merge.locator('.ant-modal-title').click();
    await expect
      .poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count(), {
        timeout: 10_000,
      })
      .toBe(0);
    expect(await merge.textContent()).toContain('将把 1 个机型合并到 E2E-保留 并删除');
    await settled(page);
    await screenshot(page, 'models-merge-zh');
    await merge.getByTestId('merge-ok').click();
    await expect
      .poll(() => toastTexts(page), { timeout: 10_000 })
      .toContain('已将 1 个机型合并到 E2E-保留，转移无人机 20 架');
    await expect.poll(() => rowOf(page, 'E2E-合并').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => dronesOf(page, 'E2E-保留'), { timeout: 15_000 }).toBe('30');

    // Deleting a model in use is refused with the server's message.
    allowConsoleError(
      page,
      /status of 409 .*\/api\/drone\/model\/manage\/\d+/,
      'deleting a model in use is refused (409) on purpose',
    );
    await rowOf(page, 'E2E-保留').getByTestId('row-delete').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect
      .poll(() => toastTexts(page), { timeout: 10_000 })
      .toContain('该机型下还有 30 架无人机，不能删除');
    await settled(page);
    await screenshot(page, 'models-list-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('shows the list and a refused range in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, MAKER_A);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const head = (await page.locator('.ant-table-thead').textContent()) ?? '';
    for (const title of ['Model', 'Shape', 'Power', 'Spray width (m)', 'Tank (L)', 'Drones', 'Created'])
      expect(head).toContain(title);
    expect(await page.locator('.ant-table-tbody').textContent()).toContain('Quad-rotor');
    await settled(page);
    await screenshot(page, 'models-list-en');

    const dialog = await addRange(page, 'JY-X20', 'JYX', 1, 100_000, 6);
    await expect
      .poll(() => dialog.getByTestId('range-preview').textContent())
      .toBe('At most 10,000 serials at once; this range has 100,000');
    expect(await dialog.getByTestId('range-ok').isDisabled()).toBe(true);
    await settled(page);
    await screenshot(page, 'models-range-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});

describe('drone models of the platform', () => {
  it('shows every manufacturer’s models with a manufacturer filter and column', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000001');
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(3);
    const body = (await page.locator('.ant-table-tbody').textContent()) ?? '';
    expect(body).toContain('极翼植保无人机有限公司');
    expect(body).toContain('云禾航空科技有限公司');
    expect(await page.locator('.ant-table-thead').textContent()).toContain('厂家');
    await settled(page);
    await screenshot(page, 'models-platform-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
