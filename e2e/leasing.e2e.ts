/**
 * Leasing as people do it (issue 13 acceptance), against the real console (the `npm start`
 * composition, embedded or machine PostgreSQL):
 * - the demo manufacturer (maker A, zh) adds the personal operator 张伟 as a client, activates it with the SMS code
 *   from the outbox, and leases it two drones;
 * - the drones fly: sorties sent over POST /api/telemetry/batch with maker A's key land, and their
 *   charges appear in the bill; the balance runs out and the drones are locked;
 * - the demo lease manager (en) recharges by the sandbox QR code (the payment page opened from the
 *   dialog and confirmed), the drones are unlocked, and the next landing is charged again;
 * - the demo tenant (operator A) sees its bills, work records and operator statistics, and nothing
 *   of 张伟's; the lessor screens are not its.
 */
import type { APIRequestContext, Browser } from 'playwright-core';
import { request as pwRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortSortie } from '../apps/server/test/shortSortie.ts';
import { chooseOption, listRows, listSettled, missingTranslations, signInByApi } from './setup/app.ts';
import { lastCode, launch, newPage, screenshot, url } from './setup/browser.ts';

const MAKER_A = '13800000003';
const LEASE_MANAGER = '13800000008';
const TENANT_A = '13800000005';
// The personal operator (the shell test checks operator B's menus: not a tenant).
const CLIENT_PHONE = '13800000007';
const CLIENT = '张伟';
/** How the lookup and the list show it until it consents (activation): its names masked. */
const CLIENT_MASKED = '张*';

let browser: Browser;
let api: APIRequestContext;
let makerToken = '';
let basic = '';
let clientAccountId = 0;
const leased: string[] = [];
/** Each drone's next sortie start (ingest drops points older than a drone's last). */
const nextStart = new Map<string, number>();

async function tokenOf(phone: string): Promise<string> {
  await api.get(url('/api/user/baseaccount/getVerify?r=1'));
  const answer = (await (await api.get(url('/api/__test/captcha'))).json()).answer as string;
  const res = await api.post(url('/api/user/baseaccount/loginPd'), {
    data: { phoneNum: phone, password: 'agri2026', verifyCode: answer },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.jToken as string;
}

const asMaker = async (path: string) =>
  (await (await api.get(url(path), { headers: { authorization: `Bearer ${makerToken}` } })).json()).data;

/** One landed sortie of drone `i` (ground, 12 s spraying, ground). */
const sortie = (i: number, start: number) => shortSortie({ lng: 114.8 + i * 0.01, lat: 33.7 }, start);

/** Each leased drone lands one sortie (the drones' side: the real HTTP transport). */
async function fly() {
  const drones = leased.map((droneId, i) => {
    // After the lease began (a flight already under way when a drone is leased is not billed).
    const start = Math.max((nextStart.get(droneId) ?? 0) + 20_000, Date.now());
    nextStart.set(droneId, start);
    return { droneId, points: sortie(i, start) };
  });
  const res = await api.post(url('/api/telemetry/batch'), {
    headers: { authorization: `Basic ${basic}` },
    data: { drones },
  });
  expect(res.status()).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
  api = await pwRequest.newContext();
  makerToken = await tokenOf(MAKER_A);
  const headers = { authorization: `Bearer ${makerToken}` };
  await api.put(url('/api/user/account/secretKey'), { headers, data: { vid: 'lease-e2e' } });
  const text = await (await api.get(url('/api/user/account/secretKey'), { headers })).text();
  basic = Buffer.from(`lease-e2e:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64');
});
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

describe('leasing', () => {
  it('the manufacturer adds a client, activates it by SMS code and leases it two drones (zh)', async () => {
    const { page } = await newPage(browser);
    await signInByApi(page, MAKER_A);
    await page.goto(url('/leasing_business/client-list'));
    await page.getByRole('heading', { name: '客户管理' }).waitFor();
    await listSettled(page, 'leaseClients');

    await page.getByRole('button', { name: '添加客户' }).click();
    const add = page.locator('.ant-modal').filter({ hasText: '添加客户' });
    await add.getByTestId('client-add-phone').fill(CLIENT_PHONE);
    await add.getByTestId('client-add-lookup').click();
    await add.getByText(CLIENT_MASKED).first().waitFor();
    await add.getByTestId('client-add-consent').waitFor();
    await add.getByTestId('client-add-muUnitPrice').fill('5');
    await add.getByTestId('client-add-durationPrice').fill('0');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    const row = listRows(page, 'leaseClients').filter({ hasText: CLIENT_PHONE });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain('未激活');
    expect(await row.textContent()).toContain(CLIENT_MASKED);

    // Activation: the code goes to the client's administrator (the outbox), typed back here.
    await row.getByTestId('row-activate').click();
    const act = page.locator('.ant-modal').filter({ hasText: '激活客户' });
    await act.getByTestId('client-activate-send').click();
    await expect
      .poll(() => lastCode(page, `86-${CLIENT_PHONE}`).catch(() => ''), { timeout: 10_000 })
      .toMatch(/^\d{4}$/);
    await act.getByTestId('client-activate-code').fill(await lastCode(page, `86-${CLIENT_PHONE}`));
    await act.getByRole('button', { name: /激\s*活/ }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('已激活');
    expect(await row.textContent()).toContain(CLIENT);
    await screenshot(page, 'leasing-clients-zh');

    // Two drones leased to it.
    await page.goto(url('/leasing_business/lease-list'));
    await page.getByRole('heading', { name: '租赁管理' }).waitFor();
    await listSettled(page, 'leases');
    await page.getByRole('button', { name: '租赁无人机' }).click();
    const dlg = page.locator('.ant-modal').filter({ hasText: '租赁无人机' }).last();
    await dlg.waitFor();
    await chooseOption(page, dlg.getByTestId('lease-add-client'), CLIENT);
    const drones = dlg.getByTestId('lease-add-drones');
    await drones.click();
    const options = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: /[A-Z]{3}\d{8}/ });
    await options.first().waitFor();
    for (const i of [0, 1]) {
      const label = (await options.nth(i).textContent()) ?? '';
      leased.push(/[A-Z]{3}\d{8}/.exec(label)?.[0] as string);
    }
    await options.nth(0).click();
    await options.nth(1).click();
    await page.keyboard.press('Escape');
    expect(leased.every((d) => /^[A-Z]{3}\d{8}$/.test(d))).toBe(true);
    await dlg.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    for (const d of leased)
      await expect
        .poll(() => listRows(page, 'leases').filter({ hasText: d }).count(), { timeout: 15_000 })
        .toBe(1);
    expect(
      await listRows(page, 'leases')
        .filter({ hasText: leased[0] as string })
        .textContent(),
    ).toContain(CLIENT);
    await screenshot(page, 'leasing-leases-zh');
    expect(await missingTranslations(page)).toEqual([]);

    const clients = (await asMaker('/api/rental/rental/getVerifiedCustomer')) as Array<{
      accountId: number;
      accountName: string;
    }>;
    clientAccountId = clients.find((c) => c.accountName === CLIENT)?.accountId as number;
    expect(clientAccountId).toBeGreaterThan(0);
  });

  it('charges appear as the drones land; the balance runs out and they are locked (zh)', async () => {
    const { page } = await newPage(browser);
    await signInByApi(page, MAKER_A);
    await page.goto(url(`/leasing_business/bill-list?accountId=${clientAccountId}&tab=deductions`));
    await page.getByTestId('balance-card').waitFor();
    // The list's own table (the balance card above it has a table of lock events).
    const deductions = page
      .locator('[data-testid="list-leasingMoney-deductions-lessor"] .ant-table-tbody')
      .last()
      .locator('tr.ant-table-row');
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    expect(await deductions.count()).toBe(0);
    // The drones land while the bill is open: the charges and the locks appear without a reload
    // (the screen reloads its balance and list every BILL_REFRESH_MS).
    await fly();
    await expect.poll(() => deductions.count(), { timeout: 30_000, interval: 500 }).toBe(2);
    // No recharge yet: below zero, both drones locked by the balance.
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('balance-locked')
            .textContent()
            .catch(() => '')) ?? '',
        { timeout: 30_000, interval: 500 },
      )
      .toContain(leased[0] as string);
    expect(await page.getByTestId('balance-locked').textContent()).toContain(leased[1] as string);
    await screenshot(page, 'leasing-bill-locked-zh');
  });

  it('the lease manager recharges by the sandbox QR code; the drones are unlocked and fly again (en)', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, LEASE_MANAGER);
    await page.goto(url(`/leasing_business/bill-list?accountId=${clientAccountId}&tab=deductions`));
    await page.getByRole('heading', { name: 'Bills & Recharges' }).waitFor();
    await page.getByTestId('recharge-open').click();
    const dlg = page.locator('.ant-modal').filter({ hasText: 'Recharge by QR code' });
    await dlg.getByTestId('recharge-amount').fill('50');
    await dlg.getByTestId('recharge-submit').click();
    await dlg.getByTestId('recharge-qr').locator('img').waitFor();
    await screenshot(page, 'leasing-recharge-qr-en');

    // The payer opens the code's page (on a desktop: the link under the code) and confirms.
    const href = (await dlg.getByTestId('recharge-sandbox-link').getAttribute('href')) as string;
    const payer = await context.newPage();
    await payer.goto(href);
    await payer.getByTestId('sandbox-confirm').click();
    await payer.getByTestId('sandbox-paid').waitFor({ timeout: 15_000 });
    await screenshot(payer, 'leasing-sandbox-paid-en');

    // The dialog learns of the payment by itself; the locks are gone.
    await dlg.getByText('Payment received').first().waitFor({ timeout: 15_000 });
    await dlg.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('balance-locked').count(), { timeout: 15_000 }).toBe(0);
    const drones = await asMaker(`/api/rental/rental/getDronesByAccount?accountId=${clientAccountId}`);
    expect(JSON.stringify(drones)).toContain(leased[0] as string);

    // Flying again: the next landings are charged.
    await fly();
    // The list's own table (the balance card above it has a table of lock events).
    const deductions = page
      .locator('[data-testid="list-leasingMoney-deductions-lessor"] .ant-table-tbody')
      .last()
      .locator('tr.ant-table-row');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('balance-card').waitFor();
          await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
          return deductions.count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(4);
    await screenshot(page, 'leasing-bill-en');
    expect(await missingTranslations(page)).toEqual([]);
  });

  it('the tenant sees its bills, work records and statistics, and nothing of another client', async () => {
    const { page } = await newPage(browser);
    await signInByApi(page, TENANT_A);
    await page.goto(url('/leasing_business/bill-list?tab=deductions'));
    await page.getByTestId('balance-card').waitFor();
    await page.getByRole('heading', { name: '账单（充值）管理' }).waitFor();
    const body = async () => (await page.locator('main, .ant-layout-content').first().textContent()) ?? '';
    for (const d of leased) expect(await body()).not.toContain(d);

    await page.goto(url('/leasing_business/work-record'));
    await page.getByRole('heading', { name: '作业记录' }).waitFor();
    await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
    for (const d of leased) expect(await body()).not.toContain(d);
    expect(await body()).not.toContain(CLIENT);

    await page.goto(url('/leasing_business/operator-data-stat'));
    await page.getByRole('heading', { name: '运营数据统计' }).waitFor();
    await screenshot(page, 'leasing-operator-stat-zh');

    // The lessor's screens are not the tenant's: it is sent elsewhere.
    await page.goto(url('/leasing_business/client-list'));
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .not.toBe('/leasing_business/client-list');
    expect(await missingTranslations(page)).toEqual([]);
  });
});
