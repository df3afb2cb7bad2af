/**
 * Issue 9 finding 8 as a person meets it: a drone's older sorties of the generated history have no
 * kept track. The history says so on each of them and offers no playback (no play link, no
 * checkbox), instead of opening a player at 1970/01/01 00:00:00 with nothing on the map. And at field
 * zoom, with no imagery source configured, the map says so and how to set one.
 */
import { DRONE_STAT_PATH } from '@agrifleet/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** A drone of the signed-in caller with generated (track-less) sorties and no flight received. */
async function droneWithHistory(page: Page): Promise<string> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  const headers = { authorization: `Bearer ${token}` };
  const res = await page.context().request.get(url(`${DRONE_STAT_PATH}?pageSize=100&sortParam=flightCount`), {
    headers,
  });
  expect(res.status()).toBe(200);
  const rows = (await res.json()).data.records as Array<{ droneId: string; flightCount: number }>;
  for (const r of rows.filter((x) => x.flightCount > 0)) {
    const list = await page
      .context()
      .request.get(url(`/api/drone/mointor/manage/getHistoryFlyList?droneId=${r.droneId}&pageSize=200`), {
        headers,
      });
    const records = (await list.json()).data.records as Array<{ hasTrack: boolean }>;
    if (records.length > 0 && records.every((s) => s.hasTrack === false)) return r.droneId;
  }
  throw new Error('no drone with a generated history');
}

describe('playback of a sortie whose track was not kept', () => {
  for (const [language, reason] of [
    ['zh', '该架次只保留了汇总数据，未保留轨迹，无法回放。'],
    ['en', "Only this sortie's summary was kept, not its track: it cannot be played back."],
  ] as const)
    it(`is not offered; the sortie says its track was not kept (${language})`, async () => {
      const { page, context } = await newPage(browser, { language });
      await signInByApi(page, '13800000003');
      const droneId = await droneWithHistory(page);
      await page.goto(url(`/monitor_manage/monitor?droneId=${droneId}&history=1`));
      const history = page.getByTestId('history');
      await expect
        .poll(() => history.locator('tbody tr.ant-table-row').count(), { timeout: 45_000 })
        .toBeGreaterThan(0);
      const rows = await history.locator('tbody tr.ant-table-row').count();
      expect(await history.getByTestId('no-track').count()).toBe(rows);
      expect(await history.getByTestId('play-sortie').count()).toBe(0);
      expect(await history.locator('tbody .ant-checkbox-input:not([disabled])').count()).toBe(0);
      await history.getByTestId('no-track').first().hover();
      await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 5000 }).toContain(reason);
      expect(await page.getByTestId('playback').count()).toBe(0);
      expect(await missingTranslations(page)).toEqual([]);
      await screenshot(page, `playback-no-track-${language}`);

      // Zoomed in to a field (keyboard, as a person may): a manufacturer is no administrator, so
      // the map says nothing of the imagery it lacks (issue 21), and its scale bar reads metres.
      await history.locator('.ant-drawer-close').click();
      await page.locator('.maplibregl-canvas').click({ position: { x: 40, y: 300 } });
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Minus');
        await page.waitForTimeout(250);
      }
      // Zoomed in a step at a time until the scale bar reads metres (a loaded machine may drop a
      // key press while the map still eases from the last one).
      const metres = async () =>
        /^\d+\s*m$/.test(((await page.locator('.maplibregl-ctrl-scale').textContent()) ?? '').trim());
      for (let i = 0; i < 30 && !(await metres()); i++) {
        await page.keyboard.press('Equal');
        await page.waitForTimeout(350);
      }
      await expect.poll(metres, { timeout: 30_000 }).toBe(true);
      expect(await page.getByTestId('imagery-note').count()).toBe(0);
      await screenshot(page, `map-field-zoom-${language}`);
      await context.close();
    }, 150_000);
});
