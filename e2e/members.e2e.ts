/**
 * Members and teams as operator A's administrator (13800000005) uses them: a new member added with
 * the SMS code read from the outbox (the send-code button, the code field), shown in the list;
 * then a team built with that member, set as its leader in the team's drawer. Then both screens
 * in English.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  listRows,
  listSettled,
  missingTranslations,
  signInByApi,
  toastTexts,
} from './setup/app.ts';
import { lastCode, launch, newPage, screenshot, url } from './setup/browser.ts';

const OPERATOR_A = '13800000005';
const NEW_PHONE = '13912340001';
const NEW_NAME = '李飞手';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('members and teams', () => {
  it('operator A adds a member with the SMS code and makes them the leader of a new team', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, OPERATOR_A);
    await page.goto(url('/institution_manage/member-list'));
    await expect.poll(() => listRows(page, 'members').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    await page.getByRole('button', { name: '新增成员' }).click();
    const dialog = page.getByTestId('member-create');
    await dialog.getByTestId('member-phone').waitFor();
    await dialog.getByTestId('member-phone').fill(NEW_PHONE);
    await dialog.getByTestId('member-send-code').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('验证码已发送');
    await dialog.getByTestId('member-code').fill(await lastCode(page, `86-${NEW_PHONE}`));
    await dialog.getByTestId('member-name').fill(NEW_NAME);
    await listSettled(page, 'members');
    await screenshot(page, 'members-create-zh');
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('创建成功');
    const added = listRows(page, 'members').filter({ hasText: NEW_NAME });
    await expect.poll(() => added.count(), { timeout: 15_000 }).toBe(1);
    expect(await added.textContent()).toContain('139*****001');
    await listSettled(page, 'members');
    await screenshot(page, 'members-list-zh');

    // A team with the new member as its leader.
    await page.goto(url('/institution_manage/team-list'));
    await page.getByTestId('list-create').click();
    await page.getByTestId('field-groupName').fill('飞防一队');
    await page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('list-form') })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    const team = listRows(page, 'teams').filter({ hasText: '飞防一队' });
    await expect.poll(() => team.count(), { timeout: 15_000 }).toBe(1);
    await team.getByTestId('row-members').click();
    const drawer = page.getByTestId('team-drawer');
    await drawer.waitFor();
    await chooseOption(page, drawer.getByTestId('team-add-select'), `${NEW_NAME} 139*****001`);
    await drawer.getByTestId('team-add').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已添加到团队');
    const leaderButton = drawer.locator('[data-testid^="team-leader-"]').first();
    await leaderButton.waitFor();
    await leaderButton.click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已设置队长');
    await expect.poll(() => drawer.locator('.ant-tag').textContent(), { timeout: 10_000 }).toBe('队长');
    await expect.poll(() => team.textContent(), { timeout: 10_000 }).toContain(NEW_NAME);
    await page.waitForTimeout(400);
    await screenshot(page, 'teams-drawer-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('shows both screens in English', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, OPERATOR_A);
    await page.goto(url('/institution_manage/member-list'));
    await expect.poll(() => listRows(page, 'members').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const head = (await page.locator('.ant-table-thead').textContent()) ?? '';
    for (const title of ['Name', 'Phone', 'User type', 'Team role', 'Status']) expect(head).toContain(title);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByTestId('member-send-code').waitFor();
    expect(await page.getByTestId('member-send-code').textContent()).toBe('Send code');
    await listSettled(page, 'members');
    await screenshot(page, 'members-create-en');
    await page.keyboard.press('Escape');
    await page.goto(url('/institution_manage/team-list'));
    const team = listRows(page, 'teams').filter({ hasText: '飞防一队' });
    await expect.poll(() => team.count(), { timeout: 20_000 }).toBe(1);
    await team.getByTestId('row-members').click();
    await expect.poll(() => page.getByTestId('team-drawer').locator('.ant-tag').textContent()).toBe('Leader');
    await page.waitForTimeout(400);
    await screenshot(page, 'teams-drawer-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
