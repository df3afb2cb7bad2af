/** What a person does in the console, as steps the browser tests share. */
import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { captchaAnswer, url } from './browser.ts';

export const DEMO_PASSWORD = 'agri2026';

/** Signs in through the login form with the captcha the page shows. */
export async function signInWithForm(page: Page, phone: string, password = DEMO_PASSWORD) {
  await page.goto(url('/login'));
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.locator('img[src*="getVerify"]').waitFor();
  await page.getByPlaceholder('请输入4位验证码').fill(await captchaAnswer(page));
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * Signs in through the API (captcha included) and stores the login the way the login page does,
 * for tests about what comes after sign-in.
 */
export async function signInByApi(page: Page, phone: string) {
  const request = page.context().request;
  await request.get(url('/api/user/baseaccount/getVerify?r=1'));
  const answer = (await (await request.get(url('/api/__test/captcha'))).json()).answer as string;
  const res = await request.post(url('/api/user/baseaccount/loginPd'), {
    data: { phoneNum: phone, password: DEMO_PASSWORD, verifyCode: answer },
  });
  expect(res.status()).toBe(200);
  const { jToken, expire, refreshToken, ...info } = (await res.json()).data;
  await page.goto(url('/login'));
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', user);
    },
    { token: JSON.stringify({ token: jToken, expire, refreshToken }), user: JSON.stringify(info) },
  );
}

/** Texts of every menu entry, opening each submenu in turn (side menu layout). */
export async function menuTexts(page: Page): Promise<string[]> {
  const menu = page.locator('.ant-layout-sider .ant-menu').first();
  await menu.waitFor();
  const texts = new Set<string>();
  const collect = async () => {
    for (const t of await menu.locator('.ant-menu-title-content').allInnerTexts())
      if (t.trim()) texts.add(t.trim());
  };
  await collect();
  const titles = menu.locator('.ant-menu-submenu > .ant-menu-submenu-title');
  const n = await titles.count();
  for (let i = 0; i < n; i++) {
    const submenu = menu.locator('.ant-menu-submenu').nth(i);
    if (!(await submenu.getAttribute('class'))?.includes('ant-menu-submenu-open')) {
      await titles.nth(i).click();
      await submenu.locator('.ant-menu-item').first().waitFor();
    }
    await collect();
  }
  return [...texts];
}

export async function missingTranslations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as Window & { __i18nMissing?: string[] }).__i18nMissing ?? []);
}

/** The text of the antd message toasts shown now. */
/**
 * Waits until no dialog is still opening (antd's zoom motion: `*-zoom-appear`, `*-zoom-enter`). A
 * click sent into a dialog while it grows was lost now and then on the loaded 2-core machine (CI
 * rehearsal 2026-11-29: a confirmation's OK, an export format's radio), and a lost confirmation
 * cannot be clicked again safely.
 */
export async function dialogOpened(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('[class*="-zoom-appear"], [class*="-zoom-enter"]'),
    null,
    {
      timeout: 10_000,
    },
  );
}

export async function toastTexts(page: Page): Promise<string> {
  await page.locator('.ant-message-notice').first().waitFor();
  return (await page.locator('.ant-message-notice').allInnerTexts()).join(' | ');
}

/**
 * Chooses an option of an antd select by its label, with the keyboard as a person can: a click on
 * the option could land on what lies under the dropdown while it still animates in, and a click on
 * the select while its dialog animates in can be lost (clicked again until the list is open).
 */
export async function chooseOption(page: Page, select: Locator, label: string) {
  const input = select.locator('input[role="combobox"]');
  await vi.waitFor(
    async () => {
      if ((await input.getAttribute('aria-expanded')) !== 'true') {
        await select.scrollIntoViewIfNeeded();
        await select.click();
      }
      expect(await input.getAttribute('aria-expanded')).toBe('true');
    },
    { timeout: 10_000, interval: 300 },
  );
  // The active option is the input's aria-activedescendant, labelled in the select's a11y list.
  for (let i = 0; i < 60; i++) {
    const id = await input.getAttribute('aria-activedescendant');
    const active = id ? await page.locator(`[id="${id}"]`).getAttribute('aria-label') : null;
    if (active === label) {
      await page.keyboard.press('Enter');
      break;
    }
    await page.keyboard.press('ArrowDown');
  }
  await expect.poll(() => select.textContent()).toContain(label);
}

/** The data rows of list `id` (the shared list page's table). */
export const listRows = (page: Page, id: string) =>
  page.locator(`[data-testid="list-${id}"] .ant-table-tbody tr.ant-table-row`);

/** Waits until list `id` has loaded (no spinner) and every dialog has finished animating in. */
export async function listSettled(page: Page, id: string) {
  await expect
    .poll(() => page.locator(`[data-testid="list-${id}"] .ant-spin-spinning`).count(), { timeout: 15_000 })
    .toBe(0);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('.ant-modal')).every(
            (m) => getComputedStyle(m).opacity === '1' && !/zoom|fade/.test(m.className),
          ),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
}
