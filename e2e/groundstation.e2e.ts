/**
 * GroundStationConfig as manufacturer A (13800000003): reads where each field comes from (the demo
 * seed sets its own values over the platform default, the launch page inherited), saves a server
 * address, sees its version and the app version go up and the QR code appear; a ground station
 * reports the version it applied with the account key and is listed as up to date. Once in Chinese
 * and once in English (screenshots of both).
 */
import { GROUND_STATION_PATHS } from '@agrifleet/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/ground-station-config';
const TEXT = {
  zh: { account: '本账号', default: '平台默认', upToDate: '已是最新' },
  en: { account: 'this account', default: 'platform default', upToDate: 'Up to date' },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const lastNumber = async (page: Page, selector: string) =>
  Number((await page.locator(selector).textContent())?.match(/(\d+)\s*$/)?.[1]);

/** Maker A's telemetry key (as its ground-station app holds it), made with the page's session. */
async function appKey(page: Page, vid: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  const headers = { authorization: `Bearer ${token}` };
  const request = page.context().request;
  await request.put(url('/api/user/account/secretKey'), { headers, data: { vid } });
  const text = await (await request.get(url('/api/user/account/secretKey'), { headers })).text();
  const secret = /secret=(.+)/.exec(text)?.[1] as string;
  return { authorization: `Basic ${Buffer.from(`${vid}:${secret}`).toString('base64')}` };
}

describe('ground-station configuration', () => {
  for (const language of ['zh', 'en'] as const)
    it(`shows the sources, saves, and lists a device on the app version (${language})`, async () => {
      const text = TEXT[language];
      const { page, context } = await newPage(browser, { language });
      await signInByApi(page, '13800000003');
      await page.goto(url(PATH));
      const version = '[data-testid="gs-version"] .ant-card-head-title';
      const appVersion = '[data-testid="gs-app-version"]';
      await expect.poll(() => page.locator(version).textContent()).toMatch(/\d+/);
      await expect
        .poll(() => page.locator('[data-testid="gs-source-launchPageUrl"]').textContent())
        .toBe(text.default);
      expect(await page.locator('[data-testid="gs-source-homePageUrl"]').textContent()).toBe(text.account);
      const before = await lastNumber(page, version);
      const appBefore = await lastNumber(page, appVersion);
      await page.locator('#servAddr').fill(`gs-${language}.example.com:8443`);
      await page.locator('[data-testid="gs-save"]').click();
      await expect.poll(() => lastNumber(page, version)).toBe(before + 1);
      expect(await lastNumber(page, appVersion)).toBe(appBefore + 1);
      expect(await page.locator('[data-testid="gs-source-servAddr"]').textContent()).toBe(text.account);
      await expect.poll(() => page.locator('[data-testid="gs-qr"]').count()).toBe(1);

      // A ground station fetches its configuration with the account key and reports what it applied.
      const basic = await appKey(page, `e2e-gs-${language}`);
      const request = page.context().request;
      const config = await request.get(url(GROUND_STATION_PATHS.appConfig), { headers: basic });
      expect(config.status()).toBe(200);
      const applied = (await config.json()).data.version as number;
      expect(applied).toBe(appBefore + 1);
      const deviceId = `GS-e2e-${language}`;
      const res = await request.post(url(GROUND_STATION_PATHS.appApplied), {
        headers: basic,
        data: { deviceId, version: applied },
      });
      expect(res.status()).toBe(200);
      await page.reload();
      const row = page.locator(`[data-testid="gs-devices"] tr[data-row-key="${deviceId}"]`);
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.textContent()).toContain(text.upToDate);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `groundstation-${language}`);
      await context.close();
    });
});
