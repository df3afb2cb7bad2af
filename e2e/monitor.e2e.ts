/**
 * The live monitor as a person uses it: a manufacturer's drone flies (telemetry by HTTP batch with
 * the account key, as a ground station sends it), shows on the monitor, its history lists the
 * sorties, one plays back and pauses, two play together; another manufacturer sees none of it.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRONE, rectangleField, runMission } from '../apps/server/src/sim/flight/index.ts';
import { missingTranslations, signInByApi } from './setup/app.ts';
import { allowConsoleError, launch, newPage, screenshot, url } from './setup/browser.ts';

let browser: Browser;
let droneId: string;

async function bearer(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  return { authorization: `Bearer ${token}` };
}

/** Creates maker-a's key and sends two simulated missions of one of its drones, the last ending now. */
async function fly(page: Page) {
  const request = page.context().request;
  const headers = await bearer(page);
  await request.put(url('/api/user/account/secretKey'), { headers, data: { vid: 'e2e-monitor' } });
  const key = await (await request.get(url('/api/user/account/secretKey'), { headers })).text();
  const secret = /secret=(.+)/.exec(key)?.[1] as string;
  const basic = { authorization: `Basic ${Buffer.from(`e2e-monitor:${secret}`).toString('base64')}` };
  const drones = (await (await request.get(url('/api/telemetry/drones'), { headers: basic })).json()).data;
  droneId = drones[0].droneId;
  const field = rectangleField({
    center: { lng: 120.26, lat: 33.77 },
    widthM: 120,
    lengthM: 320,
    angleDeg: 30,
  });
  const mission = runMission(DEFAULT_DRONE, field, {
    startTime: Date.now() - 3 * 3600_000,
    seed: 41,
    rateHz: 1,
  });
  const points: TelemetryPoint[] = mission.sorties.flatMap((s) => s.points);
  // The last minute again, "now" and airborne, so the drone is online.
  const now = Date.now();
  const live = points.slice(100, 130).map((p, i) => ({ ...p, recordTime: now - 30_000 + i * 1000 }));
  for (const chunk of [points.slice(0, 2000), points.slice(2000), live]) {
    if (!chunk.length) continue;
    const res = await request.post(url('/api/telemetry/batch'), {
      headers: basic,
      data: { drones: [{ droneId, points: chunk }] },
    });
    expect(res.status()).toBe(200);
  }
  return mission.sorties.length;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('live monitor', () => {
  it("shows a manufacturer its flying drone, the drone's history and its playback", async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000003');
    const sorties = await fly(page);
    expect(sorties).toBeGreaterThanOrEqual(2);
    await page.goto(url('/monitor_manage/monitor'));
    const stats = page.getByTestId('monitor-stats');
    await expect.poll(() => stats.textContent(), { timeout: 20_000 }).toMatch(/当前在线/);
    // Online now counts the flying drone (live over the socket).
    await expect
      .poll(
        async () =>
          Number(
            (await stats.locator('div', { hasText: '当前在线' }).first().textContent())?.match(/\d+/)?.[0] ??
              0,
          ),
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThanOrEqual(1);
    await screenshot(page, 'monitor-zh');

    await page.goto(url(`/monitor_manage/monitor?droneId=${droneId}&history=1`));
    await expect
      .poll(() => page.getByTestId('drone-panel').textContent(), { timeout: 15_000 })
      .toContain(droneId);
    const history = page.getByTestId('history');
    await expect
      .poll(() => history.locator('tbody tr').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(sorties);
    await screenshot(page, 'monitor-history-zh');

    await history.getByTestId('play-sortie').first().click();
    const bar = page.getByTestId('playback');
    await bar.getByTestId('play').click();
    const at = async () => bar.getByTestId('playhead').textContent();
    const t1 = await at();
    await page.waitForTimeout(1500);
    expect(await at()).not.toBe(t1);
    await bar.getByTestId('pause').click();
    const t2 = await at();
    await page.waitForTimeout(1000);
    expect(await at()).toBe(t2);
    await screenshot(page, 'monitor-playback-zh');
    await bar.getByRole('button', { name: '关闭回放' }).click();

    // Two sorties on one timeline.
    await expect.poll(() => page.getByTestId('history').isVisible()).toBe(true);
    const boxes = page.getByTestId('history').locator('tbody .ant-checkbox-input');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByTestId('play-together').click();
    await expect.poll(() => page.getByTestId('playback').textContent()).toContain(droneId);
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it("shows another manufacturer none of that drone's flights", async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    allowConsoleError(
      page,
      /status of 404 .*\/api\/drone\//,
      "another manufacturer's drone is not found (404) for this one, on purpose",
    );
    await signInByApi(page, '13800000004');
    await page.goto(url(`/monitor_manage/monitor?droneId=${droneId}&history=1`));
    const history = page.getByTestId('history');
    await expect.poll(() => history.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1500);
    expect(await history.locator('tbody tr.ant-table-row').count()).toBe(0);
    expect(await missingTranslations(page)).toEqual([]);
    await screenshot(page, 'monitor-other-maker-en');
    await context.close();
  });
});
