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

/** What each demo role's menu must and must not show (000 §2, §6). */
const MENUS: Array<{ phone: string; role: string; home: RegExp; has: string[]; lacks: string[] }> = [
  {
    phone: '13800000001',
    role: 'platform',
    home: /\/stat-screen$/,
    has: [
      '总览',
      '实时监控',
      '账号管理',
      '账号审核',
      '用户审核',
      '工具',
      '固件管理',
      '地面站配置',
      '配件白名单',
      '发布公告',
    ],
    lacks: ['客户管理', '团队管理', '租赁业务'],
  },
  {
    phone: '13800000002',
    role: 'government',
    home: /\/monitor_manage\/monitor$/,
    has: ['实时监控', '补贴管理', '统一任务', '公告列表', '发布公告', '成员管理'],
    lacks: ['账号管理', 'RTK管理', '机型管理', '固件管理', '租赁业务'],
  },
  {
    phone: '13800000003',
    role: 'manufacturer with sub-accounts and leasing',
    home: /\/monitor_manage\/monitor$/,
    has: [
      'RTK管理',
      '订单管理',
      '发票管理',
      '机型管理',
      '飞控分配',
      '子公司',
      '固件管理',
      '配件白名单',
      '客户管理',
      '租赁管理',
      '每日底价',
      '员工管理',
    ],
    lacks: ['账号管理', '团队管理', '运营数据统计', '发布公告'],
  },
  {
    phone: '13800000004',
    role: 'manufacturer',
    home: /\/monitor_manage\/monitor$/,
    has: ['RTK管理', '机型管理', '固件管理'],
    lacks: ['客户管理', '飞控分配', '子公司', '配件白名单', '租赁业务'],
  },
  {
    phone: '13800000005',
    role: 'operator, leasing tenant',
    home: /\/monitor_manage\/monitor$/,
    has: ['团队管理', '运营数据统计', '账单（充值）管理', '作业记录', '员工管理'],
    lacks: ['RTK管理', '补贴管理', '客户管理', '机型管理'],
  },
  {
    phone: '13800000006',
    role: 'operator',
    home: /\/monitor_manage\/monitor$/,
    has: ['团队管理', '实时监控'],
    lacks: ['运营数据统计', '租赁业务'],
  },
  {
    phone: '13800000007',
    role: 'personal operator',
    home: /\/monitor_manage\/monitor$/,
    has: ['实时监控', '无人机管理'],
    lacks: ['团队管理', '员工管理', '成员管理'],
  },
  {
    phone: '13800000008',
    role: 'lease manager',
    home: /\/leasing_business\/lease-list$/,
    has: ['客户管理', '租赁管理', '账单（充值）管理', '作业记录'],
    lacks: ['实时监控', '总览', '无人机管理', '每日底价'],
  },
  {
    phone: '13800000009',
    role: 'staff',
    home: /\/stat-screen$/,
    has: ['总览', '实时监控', '统计列表', '作业统计', '固件管理'],
    lacks: ['账号管理', '无人机管理', '机型管理', '租赁业务'],
  },
];

describe('menus per demo role', () => {
  for (const m of MENUS) {
    it(`${m.role}: home page and menu`, async () => {
      const { page, context } = await newPage(browser);
      await signInByApi(page, m.phone);
      await page.goto(url('/'));
      await page.waitForURL(m.home);
      if (/stat-screen/.test(page.url())) await page.goto(url('/monitor_manage/monitor'));
      const menu = await menuTexts(page);
      for (const label of m.has) expect(menu, `${m.role} should see ${label}`).toContain(label);
      for (const label of m.lacks) expect(menu, `${m.role} should not see ${label}`).not.toContain(label);
      await screenshot(page, `menu-${m.phone}`);
      await context.close();
    });
  }

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
