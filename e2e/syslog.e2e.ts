/**
 * The system log as people find their doings in it. Operator A (13800000005) signs in with the
 * form and tries a write it may not make (binding an RTK key: refused, 403); its log (zh) shows the
 * sign-in and, filtered to changes, the refused write with its status, without an account column
 * (its own log only). The platform (en) finds both in every account's log by the account's name,
 * with the account column and the action names translated.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, listSettled, missingTranslations, signInByApi, signInWithForm } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/institution_manage/system-log-list';
const OPERATOR_A = '13800000005';
const PLATFORM = '13800000001';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) => page.locator('[data-testid="list-syslog"] .ant-table-tbody tr.ant-table-row');
const rowTexts = (page: Page) => rows(page).allInnerTexts();
const settled = (page: Page) => listSettled(page, 'syslog');

describe('system log', () => {
  it('operator A finds its sign-in and its refused write (zh)', async () => {
    const { page, context } = await newPage(browser);
    await signInWithForm(page, OPERATOR_A);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('token') ?? '{}').token as string,
    );
    const refused = await page.context().request.put(url('/api/drone/rtk/manage/bind'), {
      headers: { authorization: `Bearer ${token}` },
      data: { devId: 'E2ESYSLOG1', qxdsk: 'qxE2ESYSLOG1' },
    });
    expect(refused.status()).toBe(403);

    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const head = (await page.locator('[data-testid="list-syslog"] .ant-table-thead').textContent()) ?? '';
    for (const title of ['时间', '操作人', '类型', '操作内容', '对象', 'IP 地址', '结果'])
      expect(head).toContain(title);
    expect(head).not.toContain('账户');
    expect(await page.getByTestId('filter-accountName').count()).toBe(0);
    // Newest first: the refused write, then the sign-in (types 1 and 2 by default).
    const first = await rowTexts(page);
    expect(first[0]).toContain('绑定RTK账号');
    expect(first[0]).toContain('拒绝（403）');
    expect(first[0]).toContain('赵强');
    expect(first.some((r) => r.includes('密码登录') && r.includes('成功'))).toBe(true);
    await settled(page);
    await screenshot(page, 'syslog-list-zh');

    // Changes only: the sign-ins go, the refused write stays.
    await chooseOption(page, page.getByTestId('filter-logType'), '操作');
    await page.getByTestId('list-search').click();
    await expect.poll(() => page.url()).toContain('logType=2');
    await expect.poll(async () => (await rowTexts(page)).some((r) => r.includes('密码登录'))).toBe(false);
    expect((await rowTexts(page))[0]).toContain('绑定RTK账号');
    await settled(page);
    await screenshot(page, 'syslog-changes-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it("the platform finds operator A's rows by its name (en)", async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, PLATFORM);
    await page.goto(url(`${PATH}?accountName=${encodeURIComponent('丰收')}`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const head = (await page.locator('[data-testid="list-syslog"] .ant-table-thead').textContent()) ?? '';
    for (const title of ['Time', 'Account', 'User', 'Type', 'Action', 'Target', 'IP address', 'Result'])
      expect(head).toContain(title);
    const texts = await rowTexts(page);
    expect(texts.every((r) => r.includes('丰收飞防服务合作社'))).toBe(true);
    const bind = texts.find((r) => r.includes('Bind an RTK service key'));
    expect(bind).toContain('Refused (403)');
    expect(bind).toContain('Change');
    expect(texts.some((r) => r.includes('Sign in with password') && r.includes('OK'))).toBe(true);
    expect(await page.getByTestId('filter-accountName').inputValue()).toBe('丰收');
    await settled(page);
    await screenshot(page, 'syslog-platform-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
