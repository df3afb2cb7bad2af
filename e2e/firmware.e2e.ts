/**
 * Firmware management as the demo manufacturer (极翼, 13800000003), zh then en: generate a signing
 * key and download it, upload a plain firmware, sign and encrypt it with the downloaded key, download
 * the image and verify it (valid), flip one byte and verify again (not valid, the place named), and
 * sign a remote-controller id.
 */
import { randomBytes } from 'node:crypto';
import { MODEL_LIST_PATH } from '@agrifleet/domain';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/firmware-list';
const MAKER_A = '13800000003';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function bytesOf(d: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await d.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const download = async (page: Page, click: () => Promise<void>) => {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: d.suggestedFilename(), bytes: await bytesOf(d) };
};

async function firstModel(page: Page): Promise<string> {
  return page.evaluate(async (path) => {
    const token = JSON.parse(localStorage.getItem('token') ?? '{}').token as string;
    const res = await fetch(`${path}?currentPage=1&pageSize=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()).data.records[0].modelName as string;
  }, MODEL_LIST_PATH);
}

async function flow(lang: 'zh' | 'en', text: { valid: string; invalid: string; place: RegExp }) {
  const { page, context } = await newPage(browser, { language: lang });
  await signInByApi(page, MAKER_A);
  await page.goto(url(PATH));
  await page.getByTestId('firmware-page').waitFor({ timeout: 20_000 });
  const tab = (i: number) => page.locator('.ant-tabs-tab').nth(i).click();

  // A new key: its private half downloaded once, as PEM.
  const key = await download(page, () => page.getByTestId('genkey').click());
  const pem = key.bytes.toString('utf8');
  expect(pem).toContain('-----BEGIN PRIVATE KEY-----');
  expect(key.name).toMatch(/^agrifleet-[0-9a-f]{16}\.pem$/);
  // The name is the new key's (X-Key-Id of the download), shown in the key list.
  const keyId = key.name.slice('agrifleet-'.length, -'.pem'.length);
  await page.locator('tr:visible', { hasText: keyId }).first().waitFor({ timeout: 10_000 });

  // A plain firmware of the manufacturer's first model.
  await tab(1);
  const fileName = `fw-${lang}-${Date.now()}.bin`;
  await page
    .getByTestId('plain-upload')
    .locator('input[type="file"]')
    .setInputFiles({
      name: fileName,
      mimeType: 'application/octet-stream',
      buffer: randomBytes(8192),
    });
  await chooseOption(page, page.getByTestId('plain-model'), await firstModel(page));
  await page.getByTestId('plain-version').fill('1.2.3');
  await page.getByTestId('plain-submit').click();
  const row = page.locator('tr:visible', { hasText: fileName });
  await row.waitFor();

  // Signed and encrypted with the key just downloaded; the image is downloaded.
  await row.getByTestId('encrypt').click();
  await page.getByTestId('privkey-text').fill(pem);
  await page.locator('#encrypt-ok').click();
  const imageRow = page
    .locator('tr:visible', { hasText: fileName.replace('.bin', '') })
    .filter({ hasText: '1.2.3' });
  await imageRow.first().waitFor();
  const image = await download(page, () => imageRow.first().getByTestId('image-download').click());
  expect(image.bytes.readUInt32LE(0)).toBe(0x96f3b83d); // MCUboot's IMAGE_MAGIC

  // Verified: valid; one flipped byte in the payload: not valid, with its place.
  await tab(4);
  const verify = async (bytes: Buffer) => {
    await page
      .getByTestId('fw-verdict')
      .waitFor({ state: 'detached', timeout: 1 })
      .catch(() => undefined);
    await page
      .getByTestId('fw-input')
      .locator('input[type="file"]')
      .setInputFiles({ name: image.name, mimeType: 'application/octet-stream', buffer: bytes });
    await page.getByTestId('fw-verdict').waitFor();
  };
  await verify(image.bytes);
  await expect
    .poll(() => page.getByTestId('fw-verdict').locator('.ant-alert-title').textContent())
    .toBe(text.valid);
  const tampered = Buffer.from(image.bytes);
  tampered[2000] = (tampered[2000] ?? 0) ^ 0x01;
  await verify(tampered);
  await expect
    .poll(() => page.getByTestId('fw-verdict').locator('.ant-alert-title').textContent())
    .toBe(text.invalid);
  expect(await page.getByTestId('fw-verdict').textContent()).toMatch(text.place);
  await screenshot(page, `firmware-verify-${lang}`);

  // A remote controller bound with the same key.
  await tab(3);
  const rcid = `RC-${lang}-${Date.now()}`;
  await page.getByTestId('rcid').fill(rcid);
  await page.getByTestId('privkey-text').fill(pem);
  await page.getByTestId('signrc').click();
  await page.locator('tr:visible', { hasText: rcid }).waitFor();
  await screenshot(page, `firmware-rc-${lang}`);
  expect(await missingTranslations(page)).toEqual([]);
  await context.close();
}

describe('Firmware management', () => {
  it('generates a key, encrypts a firmware with it, verifies it and its tampered copy, signs a controller (zh)', async () => {
    await flow('zh', { valid: '有效', invalid: '无效', place: /字节/ });
  });
  it('does the same in English', async () => {
    await flow('en', { valid: 'Valid', invalid: 'Not valid', place: /bytes?/ });
  });
});
