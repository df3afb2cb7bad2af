/**
 * The crop catalogue in the block screens (issue 22 #1), zh and en: a block with a crop after the
 * former fixed nine (13 tea) is named from oper/crops in the list, the crop filter offers the
 * catalogue, and the editor's crop picker too; nothing is left untranslated.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, listRows, listSettled, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, url } from './setup/browser.ts';

const PATH = '/business_manage/block-list';
const OPERATOR = '13800000005';
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
