/**
 * Issue 21 #10: a fresh demo's screens are not empty. Each screen the demo fills is opened by a demo
 * role that has it, through the sign-in it would use; its list shows rows (screenshots of each), and
 * the anomaly tab of a drone the demo's faulty flights raised anomalies on lists them.
 */
import { MONITOR_BASE, SCREENS } from '@agrifleet/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRows, listSettled, missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FILLED: Array<{ phone: string; screen: keyof typeof SCREENS; list: string; min: number }> = [
  { phone: '13800000001', screen: 'DataStatList', list: 'datastat', min: 4 },
  { phone: '13800000002', screen: 'DataStatList', list: 'datastat', min: 4 },
  { phone: '13800000007', screen: 'DataStatList', list: 'datastat', min: 4 },
  { phone: '13800000003', screen: 'OrderList', list: 'orders', min: 6 },
  { phone: '13800000001', screen: 'InvoiceList', list: 'invoices', min: 3 },
  { phone: '13800000001', screen: 'AccountApplyList', list: 'account-applies', min: 3 },
  { phone: '13800000001', screen: 'UserApplyList', list: 'user-applies', min: 3 },
  { phone: '13800000005', screen: 'TeamList', list: 'teams', min: 2 },
  { phone: '13800000003', screen: 'SubCompanyList', list: 'sub-companies', min: 1 },
];

describe('demo screens', () => {
  for (const s of FILLED)
    it(`${s.screen} of ${s.phone} lists the demo's records`, async () => {
      const { page, context } = await newPage(browser);
      await signInByApi(page, s.phone);
      await page.goto(url(SCREENS[s.screen]));
      await expect
        .poll(() => listRows(page, s.list).count(), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(s.min);
      await listSettled(page, s.list);
      // A list with rows can be exported (the empty demo had 极翼's sub-company export disabled).
      const exportButton = page.getByTestId('list-export');
      if (await exportButton.count()) expect(await exportButton.isEnabled()).toBe(true);
      await screenshot(page, `demo-${s.screen}-${s.phone.slice(-2)}`);
      expect(await missingTranslations(page)).toEqual([]);
      await context.close();
    });

  it("a drone's anomaly tab lists what the faulty flights raised", async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000005');
    const droneId = await page.evaluate(
      async (path) => {
        const { token } = JSON.parse(localStorage.getItem('token') ?? '{}');
        const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()).data as Array<{ droneId: string }>)[0]?.droneId;
      },
      `${MONITOR_BASE}/alerts?since=${Date.now() - 3 * 86_400_000}`,
    );
    expect(droneId).toBeTruthy();
    await page.goto(url(SCREENS.DroneDetail.replace(':droneId', droneId as string)));
    await page.getByTestId('detail-history').click();
    const drawer = page.getByTestId('history');
    await drawer.getByRole('tab', { name: '异常', exact: true }).click();
    const anomalies = drawer
      .getByRole('tabpanel', { name: '异常' })
      .locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => anomalies.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'demo-anomalies-05');
    await context.close();
  });
});
