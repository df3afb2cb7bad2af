import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithForm, toastTexts } from './setup/app.ts';
import { allowConsoleError, lastCode, launch, newPage, screenshot, url } from './setup/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('sign-in', () => {
  it('signs in with password and captcha and lands on the platform home', async () => {
    const { page, context } = await newPage(browser);
    await signInWithForm(page, '13800000001');
    expect(await toastTexts(page)).toContain('登录成功');
    await page.waitForURL(/\/stat-screen$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'));
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored.expire).toBeGreaterThan(Date.now() / 1000);
    await context.close();
  });

  it('a failed sign-in shows the server message, refreshes and clears the captcha', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/login'));
    const img = page.locator('img[src*="getVerify"]');
    await img.waitFor();
    const before = await img.getAttribute('src');
    allowConsoleError(
      page,
      /status of 400 .*\/api\/user\/baseaccount\/loginPd/,
      'a wrong password is refused (400) on purpose',
    );
    await signInWithForm(page, '13800000001', 'wrong1234');
    expect(await toastTexts(page)).toContain('账号或密码错误');
    await expect.poll(() => img.getAttribute('src')).not.toBe(before);
    expect(await page.getByPlaceholder('请输入4位验证码').inputValue()).toBe('');
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it('refuses a wrong captcha with its own message', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/login'));
    await page.getByPlaceholder('请输入手机号').fill('13800000001');
    await page.getByPlaceholder('请输入密码').fill('agri2026');
    await page.getByPlaceholder('请输入4位验证码').fill('0000');
    allowConsoleError(
      page,
      /status of 400 .*\/api\/user\/baseaccount\/loginPd/,
      'a wrong captcha is refused (400) on purpose',
    );
    await page.getByRole('button', { name: /登\s*录/ }).click();
    expect(await toastTexts(page)).toContain('图形验证码错误或已失效');
    await context.close();
  });

  it('signs in with an SMS code after a 60-second countdown starts', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/login'));
    await page.getByRole('tab', { name: '短信登录' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByPlaceholder('请输入手机号').fill('13800000006');
    await panel.getByRole('button', { name: '获取验证码' }).click();
    expect(await toastTexts(page)).toContain('验证码已发送');
    await expect.poll(() => panel.getByRole('button', { name: /秒后重新发送/ }).isDisabled()).toBe(true);
    await panel.getByPlaceholder('请输入验证码').fill(await lastCode(page, '86-13800000006'));
    await panel.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/monitor_manage\/monitor$/);
    await screenshot(page, 'after-sms-login');
    await context.close();
  });

  it('hides the SMS tab and the forgot-password link in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await page.goto(url('/login'));
    await page.getByRole('button', { name: /Log\s*in|Sign\s*in/i }).waitFor();
    expect(await page.getByRole('tab').count()).toBeLessThanOrEqual(1);
    expect(await page.getByText('SMS', { exact: false }).count()).toBe(0);
    expect(await page.locator('a[href="/retrieve-password"]').count()).toBe(0);
    expect(await page.locator('a[href="/register"]').count()).toBe(1);
    await context.close();
  });
});
