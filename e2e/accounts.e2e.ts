/**
 * Accounts as the platform administrator (13800000001) uses them: the account list with its stats,
 * a new manufacturer created with its first administrator (the API tests check the notice), then
 * disabled with the switch (confirmed) and enabled again; the list in English.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { allowConsoleError, launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/institution_manage/account-list';
const PLATFORM = '13800000001';
const NAME = `测试农机制造${Date.now() % 100000}`;
const ADMIN_PHONE = `1390${String(Date.now() % 10000000).padStart(7, '0')}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('[data-testid="list-accounts"] .ant-table-tbody tr.ant-table-row');
const settled = (page: Page) => listSettled(page, 'accounts');

describe('accounts', () => {
  it('the platform creates an account, disables and enables it', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, PLATFORM);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const stats = page.getByTestId('account-stats');
    await expect
      .poll(() => stats.getByTestId('account-stats-zzqyNum').textContent())
      .toMatch(/生产企业\s*\d+/);
    await settled(page);
    await screenshot(page, 'accounts-list-zh');

    await page.getByTestId('list-create').click();
    const dialog = page.getByTestId('list-form');
    await dialog.waitFor();
    await settled(page);
    await chooseOption(page, dialog.getByTestId('field-accountType'), '生产企业');
    await dialog.getByTestId('field-accountName').fill(NAME);
    await dialog.getByTestId('field-contactName').fill('李工');
    await dialog.getByTestId('field-province').fill('江苏省');
    await dialog.getByTestId('field-adminName').fill('李管理');
    await dialog.getByTestId('field-adminPhone').fill(ADMIN_PHONE);
    await screenshot(page, 'accounts-create-zh');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => page.getByTestId('list-form').count(), { timeout: 10_000 }).toBe(0);

    await page.goto(url(`${PATH}?accountName=${encodeURIComponent(NAME)}`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(1);
    const sw = rows(page).locator('[data-testid^="account-enable-"]');
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    await sw.click();
    await page.locator('#account-disable-confirm').click();
    await expect.poll(() => sw.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已停用');

    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    await settled(page);
    await screenshot(page, 'accounts-enabled-zh');

    // /redirect_to_account leads to the own account's detail: record, applications, info form, key.
    await page.goto(url('/redirect_to_account'));
    await expect
      .poll(() => page.getByTestId('account-record').textContent(), { timeout: 20_000 })
      .toContain('全国农业机械化协会监管平台');
    await page.getByTestId('account-info-form').waitFor();
    await screenshot(page, 'accounts-detail-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('shows the list and its figures in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, PLATFORM);
    await page.goto(url(`${PATH}?accountType=3`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const head = (await page.locator('.ant-table-thead').textContent()) ?? '';
    for (const title of ['Organisation', 'Type', 'Administrator', 'Review', 'Status'])
      expect(head).toContain(title);
    expect(await page.getByTestId('account-stats').textContent()).toMatch(/Manufacturers\s*\d+/);
    await settled(page);
    await screenshot(page, 'accounts-list-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it("signs a disabled account's user out with the reason", async () => {
    const PERSONAL = '13800000007';
    const user = await newPage(browser);
    await signInByApi(user.page, PERSONAL);
    await user.page.goto(url('/institution_manage/account-detail'));
    await user.page.getByTestId('account-record').waitFor({ timeout: 20_000 });
    const admin = await newPage(browser);
    await signInByApi(admin.page, PLATFORM);
    const setEnabled = (opr: 0 | 1) =>
      admin.page.evaluate(async (o) => {
        const token = JSON.parse(localStorage.getItem('token') ?? '{}').token;
        const list = await fetch(`/api/user/account/list?userPhone=13800000007`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((r) => r.json());
        const accountId = list.data.records[0].accountId;
        const r = await fetch('/api/user/account/enable', {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ accountId, opr: o }),
        });
        return r.status;
      }, opr);
    allowConsoleError(
      user.page,
      /status of 403 .*\/api\//,
      'the disabled account is refused (403) on purpose: that refusal signs it out',
    );
    try {
      expect(await setEnabled(0)).toBe(200);
      // The user's next request is refused: signed out, told why, on the login page.
      await user.page.reload();
      await expect.poll(() => toastTexts(user.page), { timeout: 15_000 }).toContain('账号已被停用');
      await expect.poll(() => new URL(user.page.url()).pathname, { timeout: 15_000 }).toBe('/login');
      await screenshot(user.page, 'accounts-disabled-signout-zh');
    } finally {
      expect(await setEnabled(1)).toBe(200);
    }
    await user.context.close();
    await admin.context.close();
  });
});
