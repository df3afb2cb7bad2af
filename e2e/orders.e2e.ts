/**
 * Orders and invoices as people use them: manufacturer A (13800000003) creates the service-fee
 * order of a drone for this year, pays it by the QR code the sandbox shows (the order stays unpaid
 * until the sandbox's payment page confirms: issue 20), fills its invoice info and applies for an
 * invoice for the paid order (in Chinese); the platform (13800000001) marks the invoice issued (in
 * English). Screenshots of both languages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRows, listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const MAKER_A = '13800000003';
const PLATFORM = '13800000001';
const YEAR = new Date().getFullYear();

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm').last();

// The first test walks a whole purchase (order, sandbox payment, invoice info, application): ten
// screens in one test, which took over a minute on a 2-core machine under four times its load.
describe('orders and invoices', { timeout: 180_000 }, () => {
  let ticket = '';

  it('maker A orders, pays, fills its invoice info and applies for an invoice', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, MAKER_A);
    await page.goto(url('/institution_manage/order-list'));
    await page.getByRole('heading', { name: '订单管理' }).waitFor();
    await listSettled(page, 'orders');

    // New order: the first of its drones with no order yet (the demo has some), this year (the default).
    const ordered = (await listRows(page, 'orders').allTextContents()).join(' ');
    await page.getByRole('button', { name: '新建订单' }).click();
    const create = page.locator('.ant-modal').filter({ hasText: '新建服务费订单' });
    await create.waitFor();
    const drone = create.getByTestId('field-droneId');
    await drone.click();
    const options = page.locator('.ant-select-item-option');
    await options.first().waitFor();
    const ids = (await options.allTextContents()).map((t) => t.split(' ')[0] as string);
    const free = ids.findIndex((id) => !ordered.includes(id));
    expect(free).toBeGreaterThanOrEqual(0);
    const option = options.nth(free);
    const droneId = ids[free] as string;
    await option.click();
    expect(await create.textContent()).toContain(String(YEAR));
    await create.getByRole('button', { name: /保\s*存/ }).click();
    const row = listRows(page, 'orders').filter({ hasText: droneId });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain('待支付');
    expect(await row.textContent()).toMatch(/¥360\.00/);

    // Pay: the dialog shows the sandbox's QR code; the order stays unpaid until its page confirms.
    await row.getByTestId('row-pay').click();
    const pay = page.locator('.ant-modal').filter({ hasText: '支付订单' });
    await pay.getByTestId('order-pay-qr').locator('img').waitFor();
    expect(await pay.textContent()).toMatch(/¥360\.00/);
    await screenshot(page, 'orders-pay-qr-zh');
    expect(await row.textContent()).toContain('待支付');
    // The payer opens the code's page (on a desktop: the link under the code) and confirms.
    const href = (await pay.getByTestId('order-pay-sandbox-link').getAttribute('href')) as string;
    expect(href).toMatch(/\/pay\/sandbox\/OR\d{20}\?sig=/);
    const payer = await context.newPage();
    await payer.goto(href);
    await payer.getByTestId('sandbox-confirm').click();
    await payer.getByTestId('sandbox-paid').waitFor({ timeout: 15_000 });
    await screenshot(payer, 'orders-sandbox-paid-zh');
    await payer.close();
    // The dialog learns of the payment by itself.
    await pay.getByTestId('order-pay-paid').waitFor({ timeout: 15_000 });
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toMatch(/订单 \d{18} 已支付/);
    await pay
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('已支付');

    // The detail shows the sandbox's payment.
    await row.getByTestId('row-detail').click();
    const detail = page.getByTestId('order-detail');
    await expect.poll(() => detail.textContent(), { timeout: 10_000 }).toMatch(/sandbox · sandbox-/);
    expect(await detail.textContent()).toContain(droneId);
    await page.locator('.ant-modal').filter({ hasText: '订单详情' }).locator('.ant-modal-close').click();
    await expect.poll(() => detail.count()).toBe(0);

    // Invoice info: a bad tax number is refused in the form, a good one saved.
    await page.getByRole('button', { name: '开票信息' }).click();
    const info = page.locator('.ant-modal').filter({ hasText: '纳税人识别号' });
    await info.waitFor();
    await info.getByTestId('field-busiName').fill('极翼植保无人机有限公司');
    await info.getByTestId('field-taxNum').fill('123');
    await info.getByTestId('field-getterName').fill('王会计');
    await info.getByTestId('field-getterPhone').fill('13800000003');
    await info.getByTestId('field-getterAddress').fill('江苏省南京市江宁区 1 号');
    await info.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => info.textContent()).toContain('纳税人识别号格式不正确');
    await info.getByTestId('field-taxNum').fill('91320100MA1X2Y3W4K');
    await listSettled(page, 'orders');
    await screenshot(page, 'orders-invoice-info-zh');
    await info.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => info.isVisible(), { timeout: 10_000 }).toBe(false);

    // Apply for an invoice for the paid order.
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-apply').click();
    await confirmDialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toMatch(/已提交开票申请 #\d+/);
    ticket = /#(\d+)/.exec(await toastTexts(page))?.[1] ?? '';
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(`#${ticket}`);
    await listSettled(page, 'orders');
    await screenshot(page, 'orders-list-zh');

    await page.goto(url('/institution_manage/invoice-list'));
    const invoice = listRows(page, 'invoices').filter({ hasText: `#${ticket}` });
    await expect.poll(() => invoice.textContent(), { timeout: 15_000 }).toContain('已申请');
    expect(await invoice.textContent()).toContain('91320100MA1X2Y3W4K');
    await listSettled(page, 'invoices');
    await screenshot(page, 'invoices-list-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('the platform marks the invoice issued (English)', async () => {
    expect(ticket).not.toBe('');
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, PLATFORM);
    await page.goto(url('/institution_manage/invoice-list'));
    const invoice = listRows(page, 'invoices').filter({ hasText: `#${ticket}` });
    await expect.poll(() => invoice.textContent(), { timeout: 15_000 }).toContain('Applied');
    expect(await page.locator('.ant-table-thead').textContent()).toContain('Account');
    await invoice.getByTestId('row-issue').click();
    await confirmDialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => toastTexts(page), { timeout: 10_000 })
      .toContain(`Invoice #${ticket} marked issued`);
    await expect.poll(() => invoice.textContent(), { timeout: 10_000 }).toContain('Issued');
    expect(await invoice.getByTestId('row-issue').count()).toBe(0);
    await listSettled(page, 'invoices');
    await screenshot(page, 'invoices-list-en');

    await page.goto(url('/institution_manage/order-list'));
    await expect.poll(() => listRows(page, 'orders').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await listRows(page, 'orders').first().textContent()).toMatch(/CN¥360\.00.*Paid/);
    // The platform pays nothing itself: no invoice application, no invoice info on its list.
    expect(await page.getByTestId('batch-apply').count()).toBe(0);
    await listSettled(page, 'orders');
    await screenshot(page, 'orders-list-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
