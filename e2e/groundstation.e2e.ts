/**
 * GroundStationConfig as manufacturer A (13800000003): saves a server address, sees the version go
 * up and the QR code appear; once in Chinese and once in English (screenshots of both).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/ground-station-config';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('ground-station configuration', () => {
  for (const language of ['zh', 'en'] as const)
    it(`saves and shows the version and the QR code (${language})`, async () => {
      const { page, context } = await newPage(browser, { language });
      await signInByApi(page, '13800000003');
      await page.goto(url(PATH));
      const version = page.locator('[data-testid="gs-version"] .ant-card-head-title');
      await expect.poll(() => version.textContent()).toMatch(/\d+/);
      const before = Number((await version.textContent())?.match(/(\d+)\s*$/)?.[1]);
      await page.locator('#servAddr').fill(`gs-${language}.example.com:8443`);
      await page.locator('[data-testid="gs-save"]').click();
      await expect
        .poll(async () => Number((await version.textContent())?.match(/(\d+)\s*$/)?.[1]))
        .toBe(before + 1);
      await expect.poll(() => page.locator('[data-testid="gs-qr"]').count()).toBe(1);
      await screenshot(page, `groundstation-${language}`);
      await context.close();
    });
});
