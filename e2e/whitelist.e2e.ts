/**
 * PartWhiteList as manufacturer A (13800000003, vipLevel 1), in Chinese and in English: an upload
 * with one bad line is refused naming its line number (zh: an .xlsx whose row 3 is bad; en: a .txt
 * whose line 2 is bad) and imports nothing; the corrected file is imported and its rows listed; the
 * hwId filter narrows the list; one entry is deleted after confirmation. Screenshots of each step.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRows, listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { allowConsoleError, launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/accessory-white-list';
const MAKER_A = '13800000003';
const run = Date.now().toString(36).toUpperCase();

const TEXT = {
  zh: { upload: '导入白名单', badLine: '第 3 行', imported: '新增 3 个' },
  en: { upload: 'Import a whitelist', badLine: 'line(s) 2 (1 in all)', imported: '3 added' },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('ids');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Opens the upload dialog, chooses the file and submits it. */
async function upload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('whitelist-upload-submit') });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: label }).click();
  await dialog.waitFor();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect.poll(() => dialog.locator('.ant-upload-list').textContent()).toContain(file.name);
  await page.getByTestId('whitelist-upload-submit').click();
  return dialog;
}

describe('accessory whitelist', () => {
  for (const language of ['zh', 'en'] as const)
    it(`refuses a bad line by number, imports, filters and deletes (${language})`, async () => {
      const text = TEXT[language];
      const prefix = `E2E-${language.toUpperCase()}-${run}`;
      const ids = [1, 2, 3].map((i) => `${prefix}-${i}`);
      const { page, context } = await newPage(browser, { language });
      allowConsoleError(page, /status of 400/, 'the upload with a bad line is refused on purpose');
      await signInByApi(page, MAKER_A);
      await page.goto(url(PATH));
      await listSettled(page, 'whitelist');

      // One bad line: refused with its number, nothing imported.
      const bad =
        language === 'zh'
          ? {
              name: 'ids.xlsx',
              mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              buffer: await xlsx([
                ['hwId'],
                [ids[0] as string],
                ['坏 编号'],
                [ids[1] as string],
                [ids[2] as string],
              ]),
            }
          : {
              name: 'ids.txt',
              mimeType: 'text/plain',
              buffer: Buffer.from(`${ids[0]}\nbad id\n${ids[1]}\n${ids[2]}\n`),
            };
      const dialog = await upload(page, text.upload, bad);
      const error = page.getByTestId('whitelist-upload-error');
      await expect.poll(() => error.textContent(), { timeout: 15_000 }).toContain(text.badLine);
      await screenshot(page, `whitelist-bad-line-${language}`);

      // The corrected file: imported, the dialog closes, the rows are listed.
      const good =
        language === 'zh'
          ? { ...bad, buffer: await xlsx([['hwId'], ...ids.map((id) => [id])]) }
          : { ...bad, buffer: Buffer.from(`${ids.join('\n')}\n`) };
      await upload(page, text.upload, good);
      await expect.poll(() => toastTexts(page), { timeout: 15_000 }).toContain(text.imported);
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);

      // Filter by hwId (a prefix): exactly the three imported.
      await page.getByTestId('filter-hwId').fill(prefix);
      await page.getByTestId('list-search').click();
      await expect.poll(() => page.url()).toContain(`hwId=${prefix}`);
      await expect.poll(() => listRows(page, 'whitelist').count(), { timeout: 15_000 }).toBe(3);
      await listSettled(page, 'whitelist');
      await screenshot(page, `whitelist-filtered-${language}`);

      // Delete one, after confirmation.
      const first = listRows(page, 'whitelist').first();
      const gone = (await first.locator('td').nth(1).textContent()) as string;
      expect(ids).toContain(gone);
      await first.getByTestId('row-delete').click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect.poll(() => listRows(page, 'whitelist').count(), { timeout: 15_000 }).toBe(2);
      expect(
        await page.locator('[data-testid="list-whitelist"] .ant-table-tbody').textContent(),
      ).not.toContain(gone);
      await listSettled(page, 'whitelist');
      await screenshot(page, `whitelist-deleted-${language}`);
      expect(await missingTranslations(page)).toEqual([]);
      await context.close();
    });
});
