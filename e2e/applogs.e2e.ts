/**
 * App logs (issue 23 point 5): maker B's ground-station app sends three entries through the real
 * ingest (POST /api/oper/appLog/batch with its telemetry key); the platform (13800000001) reads them
 * on AppLog, in Chinese searching one by its text, and in English filtered by type, the drone linked
 * to its detail.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRows, listSettled, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/app-log';
const run = Date.now().toString(36);
let browser: Browser;
let droneId = '';

async function bearer(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  return { authorization: `Bearer ${token}` };
}

beforeAll(async () => {
  browser = await launch();
  // Maker B's key, and three entries sent with it as its ground-station app does.
  const { page, context } = await newPage(browser);
  await signInByApi(page, '13800000004');
  const request = page.context().request;
  const headers = await bearer(page);
  const vid = `e2e-applogs-${run}`;
  await request.put(url('/api/user/account/secretKey'), { headers, data: { vid } });
  const text = await (await request.get(url('/api/user/account/secretKey'), { headers })).text();
  const secret = /secret=(.+)/.exec(text)?.[1] as string;
  const basic = { authorization: `Basic ${Buffer.from(`${vid}:${secret}`).toString('base64')}` };
  const drones = (await (await request.get(url('/api/telemetry/drones'), { headers: basic })).json()).data;
  droneId = drones[0].droneId as string;
  const now = Date.now();
  const res = await request.post(url('/api/oper/appLog/batch'), {
    headers: basic,
    data: {
      entries: [
        {
          type: 'flight',
          level: 'warn',
          time: now - 3000,
          appVersion: '3.2.1',
          droneId,
          message: `RTK 信号丢失 ${run}`,
        },
        {
          type: 'crash',
          level: 'error',
          time: now - 2000,
          appVersion: '3.2.1',
          message: `app crashed on map load ${run}`,
        },
        {
          type: 'network',
          level: 'info',
          time: now - 1000,
          appVersion: '3.2.1',
          message: `link restored ${run}`,
        },
      ],
    },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).data).toEqual({ accepted: 3, duplicates: 0 });
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => listRows(page, 'applogs');

describe('app logs', () => {
  it('the platform finds an entry by its text (zh)', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000001');
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('filter-search').fill(`信号丢失 ${run}`);
    await page.getByTestId('list-search').click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    const row = rows(page).first();
    expect(await row.textContent()).toContain(`RTK 信号丢失 ${run}`);
    expect(await row.textContent()).toContain('警告');
    expect(await row.locator('a').first().getAttribute('href')).toBe(
      `/business_manage/drone-list/${droneId}`,
    );
    await listSettled(page, 'applogs');
    await screenshot(page, 'applogs-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('filters by type in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, '13800000001');
    await page.goto(url(`${PATH}?type=crash&search=${run}`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(1);
    expect(await rows(page).first().textContent()).toContain(`app crashed on map load ${run}`);
    const head = (await page.locator('.ant-table-thead').textContent()) ?? '';
    for (const title of ['Time', 'Level', 'Message', 'Drone', 'Sortie', 'App version'])
      expect(head).toContain(title);
    // All three without the type filter.
    await page.goto(url(`${PATH}?search=${run}`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(3);
    await listSettled(page, 'applogs');
    await screenshot(page, 'applogs-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it("a maker reads the logs its own apps sent, and not another maker's (en)", async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, '13800000004');
    await page.goto(url(`${PATH}?search=${run}`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(3);
    await listSettled(page, 'applogs');
    await screenshot(page, 'applogs-maker-en');
    await context.close();
    const other = await newPage(browser, { language: 'en' });
    await signInByApi(other.page, '13800000003');
    await other.page.goto(url(`${PATH}?search=${run}`));
    await listSettled(other.page, 'applogs');
    expect(await rows(other.page).count()).toBe(0);
    await other.context.close();
  });
});
