import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuTexts, signInByApi, toastTexts } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

// Each demo role's home page and menu (what it must and must not show) are checked by the walk
// (walk.e2e.ts, setup/menus.ts), which signs every role in anyway.
describe('menus per demo role', () => {
  it('a screen outside the role is refused by the route guard and by the server', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000004');
    await page.goto(url('/institution_manage/account-list'));
    await page.waitForURL(/\/monitor_manage\/monitor$/);
    await context.close();
  });
});

describe('sign-out', () => {
  it('asks "Sure to exit?", clears the login but keeps the menu state, and says "Exited Successfully"', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000006');
    await page.goto(url('/monitor_manage/monitor'));
    await page.locator('.ant-layout-sider-trigger').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('aside-status'))).toBe('closed');
    await page.locator('.ant-layout-sider-trigger').click();
    await page.locator('.ant-layout-sider .ant-menu').getByText('退出登录').click();
    await page.getByText('确定退出登录吗？').waitFor();
    await page.getByRole('button', { name: /确\s*认/ }).click();
    await page.waitForURL(/\/login$/);
    expect(await toastTexts(page)).toContain('退出成功');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('aside-status'))).toBe('opened');
    // The old page is not reachable any more.
    await page.goto(url('/monitor_manage/monitor'));
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});

describe('languages', () => {
  it('switches the login page to English, then the shell to Thai from the settings dialog', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url('/login'));
    await page.getByTestId('language-switch').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'English' }).click();
    await page.getByRole('button', { name: /Log\s*in|Sign\s*in/i }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('areaUnit'))).toBe('acre');

    await signInByApi(page, '13800000003');
    await page.goto(url('/monitor_manage/monitor'));
    expect(await menuTexts(page)).toContain('Real-time Monitoring');
    await page.locator('.ant-layout-sider .ant-menu').getByText('Settings').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'ไทย' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('th');
    expect(await page.evaluate(() => localStorage.getItem('areaUnit'))).toBe('rai');
    await page.keyboard.press('Escape');
    expect((await menuTexts(page)).join(' ')).toMatch(/[\u0E00-\u0E7F]/);
    await context.close();
  });

  for (const language of ['zh', 'en', 'zh-TW', 'th', 'ko']) {
    it(`renders login, registration, retrieval and the shell in ${language} without a missing key`, async () => {
      const { page, context } = await newPage(browser, { language });
      for (const path of ['/login', '/register', '/retrieve-password']) {
        await page.goto(url(path), { waitUntil: 'networkidle' });
        await screenshot(page, `${language}${path.replace('/', '-')}`);
        // The language's texts load before the first render; on a loaded machine after networkidle.
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      }
      await signInByApi(page, '13800000003');
      await page.goto(url('/monitor_manage/monitor'), { waitUntil: 'networkidle' });
      await menuTexts(page);
      await screenshot(page, `${language}-shell`);
      expect(
        await page.evaluate(() => (window as Window & { __i18nMissing?: string[] }).__i18nMissing ?? []),
      ).toEqual([]);
      await context.close();
    });
  }
});
