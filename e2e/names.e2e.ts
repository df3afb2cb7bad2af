/**
 * Names and units as an English or Korean user reads them (issue 21 #5, #9): region paths below the
 * province romanised (pinyin) and without placeholder levels, the account list's stored region
 * translated and every column in view at 1600 x 900, area units without brackets or Han characters,
 * prices in the area unit beside the areas, the lease history, the menu entry whole, the export's
 * file name "<title> <YYYY-MM-DD>.xlsx".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRows, listSettled, menuTexts, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PLATFORM = '13800000001';
const MAKER = '13800000003';
const HAN = /\p{Script=Han}/u;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function open(lng: string, phone: string, path: string) {
  const { page, context } = await newPage(browser);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signInByApi(page, phone);
  await page.evaluate((l) => localStorage.setItem('language', l), lng);
  await page.goto(url(path));
  return { page, context };
}

const headers = async (page: Page) =>
  (await page.locator('.ant-table-thead th').allInnerTexts()).map((s) => s.trim());

/** Menu entries whose text does not fit (shown cut with an ellipsis); open submenus first (menuTexts). */
const cutMenuEntries = (page: Page) =>
  page
    .locator('.ant-layout-sider .ant-menu-title-content')
    .evaluateAll((els) =>
      els.filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth).map((el) => el.textContent),
    );

/** The texts of a list's column by its title. */
async function cells(page: Page, id: string, title: string): Promise<string[]> {
  const titles = (await page.locator(`[data-testid="list-${id}"] .ant-table-thead th`).allInnerTexts()).map(
    (s) => s.trim(),
  );
  const i = titles.indexOf(title);
  expect(i, `${title} in ${titles.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (
    await listRows(page, id)
      .locator(`td:nth-child(${i + 1})`)
      .allInnerTexts()
  ).map((s) => s.trim());
}

/** No column of the account list hides behind the fixed Actions column, and no sideways scroll. */
async function allColumnsInView(page: Page) {
  const box = async (text: string) =>
    page.locator('.ant-table-thead th').filter({ hasText: text }).first().boundingBox();
  const actions = await box('Actions');
  for (const title of ['Users', 'Created', 'Region', 'Parent']) {
    const b = await box(title);
    expect(b && actions && b.x + b.width <= actions.x + 1, title).toBe(true);
  }
  const scroll = await page
    .locator(
      '[data-testid="list-accounts"] .ant-table-content, [data-testid="list-accounts"] .ant-table-body',
    )
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(scroll).toBeLessThanOrEqual(1);
}

/** Creates (once) an account in Yancheng / Sheyang through the platform's API, as registration stores it. */
async function yanchengAccount(page: Page): Promise<string> {
  const name = `盐城测试${Date.now() % 100000}`;
  const status = await page.evaluate(async (accountName) => {
    const token = JSON.parse(localStorage.getItem('token') ?? '{}').token;
    const r = await fetch('/api/user/account/create', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        accountType: 4,
        accountName,
        contactName: '王',
        adminName: '王',
        adminPhone: `1391${String(Date.now() % 10_000_000).padStart(7, '0')}`,
        province: '江苏省',
        city: '盐城市',
        county: '射阳县',
      }),
    });
    return r.status;
  }, name);
  expect(status).toBe(200);
  return name;
}

describe('names and units', () => {
  it('accounts in English: the region translated, every column in view at 1600 x 900', async () => {
    const { page, context } = await open('en', PLATFORM, '/institution_manage/account-list');
    const name = await yanchengAccount(page);
    await page.goto(url(`/institution_manage/account-list?accountName=${encodeURIComponent(name)}`));
    await expect.poll(() => listRows(page, 'accounts').count(), { timeout: 20_000 }).toBe(1);
    expect(await listRows(page, 'accounts').textContent()).toContain('Jiangsu / Yancheng / Sheyang');
    await page.goto(url('/institution_manage/account-list?accountType=2'));
    await expect.poll(() => listRows(page, 'accounts').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await listSettled(page, 'accounts');
    await screenshot(page, 'names-accounts-en');
    expect(await menuTexts(page)).toContain('Account Info');
    expect(await cutMenuEntries(page)).toEqual([]);
    const regions = await cells(page, 'accounts', 'Region');
    expect(regions).toContain('Jiangsu');
    expect(regions.filter((r) => HAN.test(r))).toEqual([]);
    await allColumnsInView(page);
    // Every kind of account (manufacturers have one more action: merge).
    await page.goto(url('/institution_manage/account-list'));
    await expect.poll(() => listRows(page, 'accounts').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await listSettled(page, 'accounts');
    await allColumnsInView(page);
    await screenshot(page, 'names-accounts-all-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('accounts in Korean', async () => {
    const { page, context } = await open('ko', PLATFORM, '/institution_manage/account-list?accountType=2');
    await expect.poll(() => listRows(page, 'accounts').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await listSettled(page, 'accounts');
    expect(await cells(page, 'accounts', '지역')).toContain('장쑤');
    await screenshot(page, 'names-accounts-ko');
    await context.close();
  });

  for (const lng of ['en', 'ko'] as const) {
    it(`no-fly zones in ${lng}: region paths romanised, no placeholder level`, async () => {
      const { page, context } = await open(lng, PLATFORM, '/business_manage/no-fly-zone-list');
      await expect.poll(() => listRows(page, 'nofly').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await listSettled(page, 'nofly');
      const regions = await cells(page, 'nofly', lng === 'en' ? 'Region' : '지역');
      expect(regions.join(' | ')).toMatch(/Yancheng/);
      expect(regions.filter((r) => HAN.test(r))).toEqual([]);
      await screenshot(page, `names-nofly-${lng}`);
      await context.close();
    });

    it(`drones in ${lng}: area units without brackets in brackets or Han characters`, async () => {
      const { page, context } = await open(lng, PLATFORM, '/business_manage/drone-list');
      await expect.poll(() => listRows(page, 'drones').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await listSettled(page, 'drones');
      for (const h of await headers(page)) {
        expect(h).not.toMatch(/\([^)]*\(/);
        if (lng !== 'en') expect(h).not.toMatch(HAN);
      }
      if (lng === 'en') {
        const download = page.waitForEvent('download', { timeout: 60_000 });
        await page.getByTestId('list-export').click();
        expect((await download).suggestedFilename()).toMatch(/^Drones \d{4}-\d{2}-\d{2}\.xlsx$/);
      }
      await screenshot(page, `names-drones-${lng}`);
      await context.close();
    });

    it(`leasing in ${lng}: price per the area unit beside the area, the lease history, the menu`, async () => {
      const { page, context } = await open(lng, MAKER, '/leasing_business/client-list');
      await expect.poll(() => listRows(page, 'leaseClients').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await listSettled(page, 'leaseClients');
      const head = (await headers(page)).join(' | ');
      if (lng === 'en') {
        expect(head).toContain('Price per ac');
        expect(await page.locator('body').textContent()).toContain('Work area (ac)');
      } else expect(head).toContain('무당 단가'); // Korean's default unit is mu (무).
      await screenshot(page, `names-clients-${lng}`);

      // The menu shows every entry whole (the bill entry was cut: "Bill (Recharge) Manag…").
      expect(await menuTexts(page)).toContain(lng === 'en' ? 'Bills & Recharges' : '청구(충전) 관리');
      expect(await cutMenuEntries(page)).toEqual([]);

      await page.goto(url('/leasing_business/lease-list'));
      await expect.poll(() => listRows(page, 'leases').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await listSettled(page, 'leases');
      await listRows(page, 'leases').first().getByTestId('row-history').click();
      const dialog = page.locator('.ant-modal').last();
      await dialog.waitFor();
      const items = dialog.locator('.ant-timeline-item');
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      // Each event's line: no label with nothing after it ("Leased:").
      const lines = (await items.allInnerTexts()).flatMap((s) => s.split('\n')).map((s) => s.trim());
      expect(lines.filter((l) => l.endsWith(':'))).toEqual([]);
      await screenshot(page, `names-lease-history-${lng}`);
      expect(await missingTranslations(page)).toEqual([]);
      await context.close();
    });
  }
});
