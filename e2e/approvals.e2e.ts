/**
 * Issue 12 acceptance, approvals: a manufacturer registers in the browser, the platform admin
 * passes it in AccountApplyList (the detail shows the submitted data beside the account's), the
 * manufacturer signs in and has its menus; then it asks for a change (POST /api/user/account/info),
 * the platform rejects it in English with a reason, and the applicant reads the reason.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listSettled,
  menuTexts,
  missingTranslations,
  signInByApi,
  signInWithForm,
  toastTexts,
} from './setup/app.ts';
import { lastCode, launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/institution_manage/account-apply-list';
const PHONE = '13912340042';
const NAME = '淮海植保科技有限公司';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const rows = (page: Page) =>
  page.locator('[data-testid="list-account-applies"] .ant-table-tbody tr.ant-table-row');

/** A call with the page's stored token. */
const call = (page: Page, path: string, method = 'GET', body?: unknown) =>
  page.evaluate(
    async ({ path, method, body }) => {
      const { token } = JSON.parse(localStorage.getItem('token') ?? '{}');
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { path, method, body },
  );

describe('approvals', { timeout: 180_000 }, () => {
  it('a registered manufacturer is passed in AccountApplyList and gets its menus', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/register'));
    await page.getByPlaceholder('请输入手机号').fill(PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    expect(await toastTexts(page)).toContain('验证码已发送');
    await page.getByPlaceholder('请输入验证码').fill(await lastCode(page, `86-${PHONE}`));
    await page.getByLabel('密码', { exact: true }).fill('Maker2026');
    await page.getByLabel('确认密码').fill('Maker2026');
    await page.getByLabel('账号类型').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '生产企业' }).click();
    await page.getByLabel('企业名称').fill(NAME);
    await page.getByLabel('联系人').fill('刘洋');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '提交注册' }).click();
    await page.getByText('申请资料正在审核中，请点击确定按钮后重新登录').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/login$/);

    const { page: admin, context: adminContext } = await newPage(browser);
    await signInByApi(admin, '13800000001');
    await admin.goto(url(`${PATH}?accountName=${encodeURIComponent('淮海植保')}`));
    await expect.poll(() => rows(admin).count(), { timeout: 20_000 }).toBe(1);
    await listSettled(admin, 'account-applies');
    expect(
      Number(await admin.getByTestId('apply-stats-zzqyCheckNum').locator('span').last().textContent()),
    ).toBeGreaterThan(0);
    expect(await rows(admin).first().textContent()).toContain('待审核');
    await rows(admin).first().getByTestId('row-open').click();
    const compare = admin.getByTestId('apply-compare');
    await compare.waitFor();
    expect(await compare.textContent()).toContain(NAME);
    // A rejection without a reason is stopped in the dialog (clicked again until it says so: under
    // a loaded CPU the loaded check once saw the first click come to nothing; it sends nothing).
    const missingReason = admin.getByText('驳回时请填写原因');
    await expect
      .poll(
        async () => {
          await admin.getByTestId('apply-reject').click();
          return missingReason.isVisible();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    await screenshot(admin, 'approvals-detail-zh');
    await admin.getByTestId('apply-pass').click();
    expect(await toastTexts(admin)).toContain('已通过，已通知申请人');
    await expect.poll(() => rows(admin).first().textContent()).toContain('已通过');
    await listSettled(admin, 'account-applies');
    await screenshot(admin, 'approvals-list-zh');
    expect(await missingTranslations(admin)).toEqual([]);
    await adminContext.close();

    await signInWithForm(page, PHONE, 'Maker2026');
    await page.waitForURL(/\/monitor_manage\/monitor$/);
    expect(await menuTexts(page)).toEqual(expect.arrayContaining(['机型管理', 'RTK管理']));
    await context.close();
  });

  it('a rejected modification leaves the account as it was and the applicant reads the reason (en)', async () => {
    const { page: maker, context } = await newPage(browser);
    await signInWithForm(maker, PHONE, 'Maker2026');
    await maker.waitForURL(/\/monitor_manage\/monitor$/);
    const asked = await call(maker, '/api/user/account/info', 'POST', {
      accountName: '淮海智能装备',
      contactName: '刘洋',
    });
    expect(asked.status).toBe(200);

    const { page: admin, context: adminContext } = await newPage(browser, { language: 'en' });
    await signInByApi(admin, '13800000001');
    await admin.goto(url(`${PATH}?applyType=2&accountName=${encodeURIComponent('淮海')}`));
    await expect.poll(() => rows(admin).count(), { timeout: 20_000 }).toBe(1);
    await listSettled(admin, 'account-applies');
    await rows(admin).first().getByTestId('row-open').click();
    const compare = admin.getByTestId('apply-compare');
    await compare.waitFor();
    const changed = compare.locator('tr', { hasText: 'Organisation name' });
    expect(await changed.textContent()).toContain('淮海智能装备');
    expect(await changed.textContent()).toContain(NAME);
    await admin.getByTestId('apply-reason').fill('Name differs from the business licence');
    await screenshot(admin, 'approvals-detail-en');
    await admin.getByTestId('apply-reject').click();
    expect(await toastTexts(admin)).toContain('Rejected; the applicant has been told');
    await expect
      .poll(() => rows(admin).first().textContent())
      .toContain('Name differs from the business licence');
    expect(await rows(admin).first().textContent()).toContain('Rejected');
    // The row shows the account's name now: unchanged by the rejected modification.
    expect(await rows(admin).first().textContent()).toContain(NAME);
    await listSettled(admin, 'account-applies');
    await screenshot(admin, 'approvals-list-en');
    expect(await missingTranslations(admin)).toEqual([]);
    await adminContext.close();

    const mine = await call(maker, '/api/user/account/apply/mine');
    expect(mine.json.data[0]).toMatchObject({
      applyType: 2,
      applyStatus: 3,
      reason: 'Name differs from the business licence',
    });
    const info = await call(maker, '/api/user/info');
    expect(info.json.data.checkStatus).toBe(2);
    await context.close();
  });

  it('a person asks to join operator A; the platform passes it in UserApplyList and the user signs in', async () => {
    const { page, context } = await newPage(browser);
    const phone = '13912340043';
    await page.goto(url('/login'));
    const code = await page
      .context()
      .request.get(url(`/api/user/baseaccount/getVerifyCode?phoneNum=${phone}&codeType=2`));
    expect(code.status()).toBe(200);
    const applied = await page.context().request.post(url('/api/user/user/apply'), {
      data: {
        accountName: '丰收飞防服务合作社',
        userName: '钱七',
        phoneNum: phone,
        verifyCode: await lastCode(page, `86-${phone}`),
        password: 'Join2026x',
      },
    });
    expect(applied.status(), await applied.text()).toBe(200);
    await signInByApi(page, '13800000001');
    await page.goto(url(`/institution_manage/user-apply-list?userName=${encodeURIComponent('钱七')}`));
    const row = page.locator('[data-testid="list-user-applies"] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await listSettled(page, 'user-applies');
    await row.first().getByTestId('row-open').click();
    await page.getByTestId('apply-pass').waitFor();
    await listSettled(page, 'user-applies');
    await screenshot(page, 'approvals-user-detail-zh');
    await page.getByTestId('apply-pass').click();
    expect(await toastTexts(page)).toContain('已通过，已通知申请人');
    await expect.poll(() => row.first().textContent()).toContain('已通过');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
    const { page: joined, context: joinedContext } = await newPage(browser);
    await signInWithForm(joined, phone, 'Join2026x');
    await joined.waitForURL(/\/monitor_manage\/monitor$/);
    await joinedContext.close();
  });
});
