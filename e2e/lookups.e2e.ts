/**
 * The crop catalogue in the block screens (issue 22 #1), zh and en: a block with a crop after the
 * former fixed nine (13 tea) is named from oper/crops in the list, the crop filter offers the
 * catalogue, and the editor's crop picker too. The platform's catalogue editor (opened from the
 * unified task list): the crops, work types and medicines; a medicine created through the form (the
 * range rule across fields first), a registration number used twice refused with the server's
 * message, a medicine switched off. Nothing is left untranslated.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  listRows,
  listSettled,
  missingTranslations,
  signInByApi,
  toastTexts,
} from './setup/app.ts';
import { allowConsoleError, launch, newPage, url } from './setup/browser.ts';

const PATH = '/business_manage/block-list';
const OPERATOR = '13800000005';
const PLATFORM = '13800000001';
const TASKS = '/business_manage/unified-task-list';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function createBlock(page: Page, name: string, cropId: number) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  const lng = 120.3 + (Date.now() % 1000) / 100_000;
  const res = await page.context().request.post(url('/api/drone/block/manage'), {
    headers: { authorization: `Bearer ${token}` },
    data: {
      blockName: name,
      cropId,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [lng, 33.7],
            [lng + 0.005, 33.7],
            [lng + 0.005, 33.705],
            [lng, 33.705],
            [lng, 33.7],
          ],
        ],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe.each([
  ['zh', '茶叶', '柑橘', '新建地块'],
  ['en', 'Tea', 'Citrus', 'New block'],
])('crops from the catalogue (%s)', (language, tea, citrus, create) => {
  it('names a catalogue crop in the list, filters by it and offers it in the editor', async () => {
    const { page, context } = await newPage(browser, { language });
    try {
      await signInByApi(page, OPERATOR);
      const name = `茶园-${language}-${Date.now() % 100_000}`;
      await createBlock(page, name, 13);
      await page.goto(url(PATH));
      await listSettled(page, 'blocks');
      await chooseOption(page, page.getByTestId('filter-cropId'), tea);
      await page.getByTestId('list-search').click();
      await listSettled(page, 'blocks');
      const row = listRows(page, 'blocks').filter({ hasText: name });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.textContent()).toContain(tea);
      // The editor's picker offers the catalogue (a crop after the former nine).
      await page.getByRole('button', { name: create }).click();
      await chooseOption(page, page.getByTestId('blocks-crop'), citrus);
      expect(await missingTranslations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

interface Med {
  medId: number;
  regNo: string;
  enabled: boolean;
}

async function medicines(page: Page): Promise<Med[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  const res = await page.context().request.get(url('/api/oper/medicines'), {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data as Med[];
}

describe('the catalogue editor', () => {
  it('lets the platform create a medicine, refuses a used registration number and switches one off', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signInByApi(page, PLATFORM);
      await page.goto(url(TASKS));
      await listSettled(page, 'unifiedTasks');
      await page.getByRole('button', { name: '作物、作业类型与药剂' }).click();
      await page.getByTestId('lookups-drawer').waitFor();
      await expect.poll(() => page.getByTestId('lookups-crops').textContent()).toContain('茶叶');
      await page.getByRole('tab', { name: '作业类型' }).click();
      await expect.poll(() => page.getByTestId('lookups-worktypes').textContent()).toContain('植保喷洒');
      await page.getByRole('tab', { name: '药剂' }).click();
      await expect.poll(() => page.getByTestId('lookups-medicines').textContent()).toContain('PD20183456');

      const regNo = `PD2098${String(Date.now() % 10_000).padStart(4, '0')}`;
      const fill = async (min: string, max: string) => {
        await page.getByTestId('lookups-med-create').click();
        const dialog = page.locator('.ant-modal').filter({ hasText: '新增药剂' });
        await dialog.waitFor();
        for (const [id, v] of [
          ['name_zh', '测试乳油'],
          ['name_en', 'Test EC'],
          ['name_zhTW', '測試乳油'],
          ['name_th', 'ทดสอบ EC'],
          ['name_ko', '시험 유제'],
          ['regNo', regNo],
          ['formulation', '乳油 EC'],
          ['ingredient', '测试成分 5%'],
          ['minLPerMu', min],
          ['maxLPerMu', max],
        ] as const)
          await dialog.locator(`#${id}`).fill(v);
        return dialog;
      };
      const dialog = await fill('1.5', '0.8');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => dialog.textContent()).toContain('最小用液量不能大于最大用液量');
      await dialog.locator('#maxLPerMu').fill('2');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => toastTexts(page)).toContain('创建成功');
      await expect.poll(() => page.getByTestId('lookups-medicines').textContent()).toContain(regNo);

      // The same number again: the server's 409, in Chinese.
      allowConsoleError(
        page,
        /status of 409.*\/api\/oper\/medicines/,
        'the registration number is refused on purpose',
      );
      const again = await fill('1', '2');
      await again.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => toastTexts(page)).toContain(`登记证号 ${regNo} 已被其他药剂使用`);
      await again.getByRole('button', { name: /取\s*消/ }).click();

      const made = (await medicines(page)).find((m) => m.regNo === regNo);
      expect(made?.enabled).toBe(true);
      await page.getByTestId(`lookups-med-enabled-${made?.medId}`).click();
      await expect
        .poll(async () => (await medicines(page)).find((m) => m.regNo === regNo)?.enabled)
        .toBe(false);
      expect(await missingTranslations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
