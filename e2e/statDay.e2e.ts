/**
 * Days do not depend on the browser's time zone (issue 21, point 3). The statistics day is the
 * server's STAT_TIMEZONE (the test console's: Asia/Shanghai); a browser in UTC and one in
 * America/Los_Angeles (UTC-8) must show:
 * - the same sorties and area on 运营数据统计 (the tenant's leasing statistics, its default range the
 *   last 30 statistics days) and on 作业记录 filtered to the same days, as the API gives for them;
 * - a sortie flown after 16:00 UTC on the next Shanghai day: the 作业记录 of that day lists it with its
 *   Shanghai time, and the statistics' range picker can select that day and counts it there;
 * - RTK "剩余 N 天" equal to the days from today to the expiry date beside it, by the Shanghai calendar.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSettled, signInByApi } from './setup/app.ts';
import { launch, screenshot, url } from './setup/browser.ts';

const TENANT_A = '13800000005';
const MAKER_A = '13800000003';
const STAT_ZONE = 'Asia/Shanghai';
const BROWSER_ZONES = ['UTC', 'America/Los_Angeles'];
const DAY = 86_400_000;

/** A day of the statistics time zone, computed here independently of the web's code. */
const shanghaiDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: STAT_ZONE }).format(ms);
const shanghaiTime = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: STAT_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(ms);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** 'YYYY-MM-DD' of the first instant of a Shanghai day (UTC+8, no summer time). */
const shanghaiStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function pageIn(timezoneId: string, phone: string) {
  const context = await browser.newContext({
    viewport: { width: 1600, height: 900 },
    locale: 'zh-CN',
    timezoneId,
  });
  const page = await context.newPage();
  await signInByApi(page, phone);
  // The browser really is in that zone.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
  return { context, page };
}

interface JobRecord {
  droneId: string;
  startTime: number;
}
/** The tenant's sortie charges of a range of Shanghai days, straight from the API. */
async function recordsOf(page: Page, from: string, to: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  const qs = new URLSearchParams({
    pageIndex: '1',
    size: '500',
    kind: '2',
    startTime: String(shanghaiStart(from)),
    endTime: String(shanghaiStart(addDays(to, 1)) - 1),
  });
  const res = await page.context().request.get(url(`/api/rental/rental/getJobRecord?${qs}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const data = (await res.json()).data as {
    records: JobRecord[];
    summary: { count: number; areaMu: number };
  };
  return data;
}

/** 作业记录 filtered to sorties of the days from..to (as the filter bar writes them in the address). */
async function workRecords(page: Page, from: string, to: string) {
  await page.goto(url(`/leasing_business/work-record?days=${from}~${to}&kind=2`));
  await page.getByRole('heading', { name: '作业记录' }).waitFor();
  await listSettled(page, 'leasingRecords-tenant');
  const total = page.getByTestId('work-record-total');
  await total.waitFor();
  const sorties = number(
    await page.getByTestId('work-record-total-count').locator('span').last().textContent(),
  );
  const area = number(await page.getByTestId('work-record-total-area').locator('span').last().textContent());
  return { sorties, area };
}

async function statFigures(page: Page) {
  await expect
    .poll(() => page.locator('[data-testid="operator-data-stat"] .ant-spin-spinning').count(), {
      timeout: 15_000,
    })
    .toBe(0);
  const value = async (key: string) =>
    (await page.getByTestId(`operator-figures-${key}`).locator('div').last().textContent()) ?? '';
  await page.getByTestId('operator-figures-sorties').waitFor();
  return { sorties: number(await value('sorties')), area: number(await value('area')) };
}

/** The range the statistics' picker shows ('YYYY-MM-DD' twice). */
const pickerRange = async (page: Page) =>
  page
    .getByTestId('lease-stat-range')
    .locator('input')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

describe('the statistics day in a browser of another time zone (issue 21)', () => {
  for (const zone of BROWSER_ZONES)
    it(`运营数据统计 and 作业记录 agree on the same days (browser in ${zone})`, async () => {
      const { page, context } = await pageIn(zone, TENANT_A);
      const today = shanghaiDay(Date.now());
      const first = addDays(today, -29);
      const api = await recordsOf(page, first, today);
      expect(api.summary.count).toBeGreaterThan(0);

      await page.goto(url('/leasing_business/operator-data-stat'));
      await page.getByRole('heading', { name: '运营数据统计' }).waitFor();
      // The default range is the last 30 Shanghai days, whatever the browser's calendar says.
      await expect.poll(() => pickerRange(page)).toEqual([first, today]);
      const stat = await statFigures(page);
      await screenshot(page, `statday-operator-stat-${zone.replace('/', '-')}`);

      const listed = await workRecords(page, first, today);
      await screenshot(page, `statday-work-record-${zone.replace('/', '-')}`);
      expect(listed.sorties).toBe(api.summary.count);
      expect(stat.sorties).toBe(listed.sorties);
      expect(stat.area).toBeCloseTo(listed.area, 1);
      await context.close();
    });

  for (const zone of BROWSER_ZONES)
    it(`a sortie after 16:00 UTC falls on the next Shanghai day, which the picker selects (browser in ${zone})`, async () => {
      const { page, context } = await pageIn(zone, TENANT_A);
      const today = shanghaiDay(Date.now());
      const first = addDays(today, -29);
      const late = (await recordsOf(page, first, today)).records.find(
        (r) => new Date(r.startTime).getUTCHours() >= 16,
      );
      if (!late) throw new Error('the demo history has no sortie of the tenant after 16:00 UTC');
      const day = shanghaiDay(late.startTime);
      expect(day).toBe(addDays(new Date(late.startTime).toISOString().slice(0, 10), 1));
      const ofDay = await recordsOf(page, day, day);

      // 作业记录 of that Shanghai day lists it, at its Shanghai time.
      const listed = await workRecords(page, day, day);
      expect(listed.sorties).toBe(ofDay.summary.count);
      const table = page.locator('[data-testid="list-leasingRecords-tenant"] .ant-table-tbody');
      expect(await table.textContent()).toContain(shanghaiTime(late.startTime));

      // The statistics' picker selects that day (start and end) and counts the same sorties.
      await page.goto(url('/leasing_business/operator-data-stat'));
      await page.getByRole('heading', { name: '运营数据统计' }).waitFor();
      await statFigures(page);
      await page.getByTestId('lease-stat-range').locator('input').first().click();
      const cell = page
        .locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${day}"]`)
        .first();
      await cell.waitFor();
      expect(await cell.getAttribute('class')).not.toContain('ant-picker-cell-disabled');
      // The picker's today is Shanghai's; it is selectable, the next day is not.
      expect(
        await page
          .locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td.ant-picker-cell-today')
          .first()
          .getAttribute('title'),
      ).toBe(today);
      const todayCell = page.locator(
        `.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${today}"]`,
      );
      if (await todayCell.count())
        expect(await todayCell.first().getAttribute('class')).not.toContain('ant-picker-cell-disabled');
      const tomorrow = page.locator(
        `.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${addDays(today, 1)}"]`,
      );
      if (await tomorrow.count())
        expect(await tomorrow.first().getAttribute('class')).toContain('ant-picker-cell-disabled');
      await cell.click();
      await page
        .locator(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${day}"]`)
        .first()
        .click();
      await expect.poll(() => pickerRange(page)).toEqual([day, day]);
      const stat = await statFigures(page);
      await screenshot(page, `statday-operator-stat-day-${zone.replace('/', '-')}`);
      expect(stat.sorties).toBe(ofDay.summary.count);
      expect(stat.area).toBeCloseTo(listed.area, 1);
      await context.close();
    });

  for (const zone of BROWSER_ZONES)
    it(`RTK days left count Shanghai calendar days to the date shown (browser in ${zone})`, async () => {
      const { page, context } = await pageIn(zone, MAKER_A);
      await page.goto(url('/business_manage/rtk-list'));
      await listSettled(page, 'rtk');
      const cells = page.locator('[data-testid^="rtk-expiry-"]:is([data-level="ok"],[data-level="soon"])');
      await expect.poll(() => cells.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const today = shanghaiDay(Date.now());
      const shown = await cells.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      for (const text of shown) {
        const m = /(\d{4}-\d{2}-\d{2}).*剩余 (\d+) 天/.exec(text);
        if (!m) throw new Error(`unexpected expiry cell: ${text}`);
        const days = (Date.parse(`${m[1]}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY;
        expect(Number(m[2]), text).toBe(days);
      }
      await screenshot(page, `statday-rtk-${zone.replace('/', '-')}`);
      await context.close();
    });
});
