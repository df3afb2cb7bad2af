/** Sign-in by e-mail in every UI language, the default Chinese one first (issue 9, finding 11). */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toastTexts } from './setup/app.ts';
import { captchaAnswer, launch, newPage, screenshot, url } from './setup/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const EMAIL = 'admin@agrifleet.local';

describe('sign-in by e-mail', () => {
  it('signs in with admin@agrifleet.local / agri2026 in the default Chinese login', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/login'));
    const account = page.getByPlaceholder('请输入手机号或邮箱');
    await account.fill(EMAIL);
    // The whole address is kept: the field is not cut to a phone's 11 characters.
    expect(await account.inputValue()).toBe(EMAIL);
    await page.getByPlaceholder('请输入密码').fill('agri2026');
    await screenshot(page, 'signin-email-zh');
    await page.locator('img[src*="getVerify"]').waitFor();
    await page.getByPlaceholder('请输入4位验证码').fill(await captchaAnswer(page));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    expect(await toastTexts(page)).toContain('登录成功');
    await page.waitForURL(/\/stat-screen$/);
    await context.close();
  });

  it('says which part is wrong in Chinese: a bad e-mail, a bad phone', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/login'));
    const account = page.getByPlaceholder('请输入手机号或邮箱');
    const submit = page.getByRole('button', { name: /登\s*录/ });
    await account.fill('admin@agrifleet');
    await submit.click();
    await page.getByText('请输入正确的邮箱').waitFor();
    await account.fill('12345');
    await submit.click();
    await page.getByText('请输入正确的手机号').waitFor();
    await account.fill('');
    await submit.click();
    await page.getByText('请输入手机号或邮箱', { exact: true }).waitFor();
    await context.close();
  });

  for (const [language, placeholder, required] of [
    ['zh-TW', '請輸入手機號碼或電子郵件', '請輸入手機號碼或電子郵件'],
    ['th', 'หมายเลขโทรศัพท์หรืออีเมล', 'กรุณากรอกหมายเลขโทรศัพท์มือถือหรืออีเมล'],
    ['ko', '휴대폰 번호 또는 이메일', '휴대폰 번호 또는 이메일을 입력하세요'],
    ['en', 'Phone number or e-mail', 'Please enter mobile phone number or E-mail'],
  ] as const) {
    it(`accepts an e-mail in ${language} and asks for phone or e-mail in that language`, async () => {
      const { page, context } = await newPage(browser, { language });
      await page.goto(url('/login'));
      const account = page.getByPlaceholder(placeholder, { exact: true });
      const form = page.locator('form').first();
      await form.locator('button[type="submit"]').click();
      await form.getByText(required, { exact: true }).waitFor();
      await account.fill(EMAIL);
      expect(await account.inputValue()).toBe(EMAIL);
      await form.locator('input[type="password"]').fill('agri2026');
      await page.locator('img[src*="getVerify"]').waitFor();
      await form.locator('input[autocomplete="off"]').fill(await captchaAnswer(page));
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(/\/stat-screen$/);
      await context.close();
    });
  }
});
