/**
 * No-fly zones as the platform administrator uses them (issue 10 acceptance "a zone drawn in the
 * browser alerts on a simulated drone flown into it"): the list with its counts, a bow-tie drawn on
 * the map refused by the shared geometry check, a zone drawn by clicking its vertices on the map and
 * saved, then a drone's telemetry (maker A's key, HTTP batch) flown into it raises a no-fly alert
 * (the monitor's alerts call) counted in the zone's detail. In English: a .kml that is not KML is
 * refused with a translated message, a real KML is imported.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { track } from '../apps/server/src/telemetry/anomalies/testkit.ts';
import { missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/no-fly-zone-list';
const NAME = `浏览器绘制禁飞区-${Date.now() % 100_000}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function bearer(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  return { authorization: `Bearer ${token}` };
}

const rows = (page: Page) => page.locator('[data-testid="list-nofly"] .ant-table-tbody tr.ant-table-row');

/** The map canvas's box in the editor. */
async function mapBox(page: Page) {
  const canvas = page.locator('[data-testid="nofly-map"] canvas.maplibregl-canvas');
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no map canvas');
  return box;
}

/** Clicks the vertices (offsets in px from the map's centre), then the first one again to close. */
async function drawPolygon(page: Page, offsets: Array<[number, number]>) {
  const box = await mapBox(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [...offsets, offsets[0] as [number, number]]) {
    await page.mouse.move(cx + dx, cy + dy, { steps: 4 });
    await page.mouse.click(cx + dx, cy + dy);
    await page.waitForTimeout(150);
  }
}

/** Maker A's telemetry key and first drone, through the calls a manufacturer uses. */
async function makerKey() {
  const { page, context } = await newPage(browser);
  await signInByApi(page, '13800000003');
  const request = page.context().request;
  const headers = await bearer(page);
  await request.put(url('/api/user/account/secretKey'), { headers, data: { vid: 'e2e-nofly' } });
  const text = await (await request.get(url('/api/user/account/secretKey'), { headers })).text();
  const secret = /secret=(.+)/.exec(text)?.[1] as string;
  const basic = { authorization: `Basic ${Buffer.from(`e2e-nofly:${secret}`).toString('base64')}` };
  const drones = (await (await request.get(url('/api/telemetry/drones'), { headers: basic })).json()).data;
  await context.close();
  // The last: the monitor test flies the first, the control test the operator's next ones; a drone's
  // points older than its newest are dropped, so tests running side by side keep to their own.
  return { basic, droneId: drones.at(-1).droneId as string };
}

/** Takes off, flies 100 m across the point at 3 m/s, 10 m up, lands: about 35 s in the air. */
function flightOver(lng: number, lat: number, start: number): TelemetryPoint[] {
  const air = track(
    { lng, lat },
    [{ from: [-50, 0], to: [50, 0], speed: 3, with: { height: 10, pump: false, flow: 0 } }],
    {
      start: start + 5_000,
      rateHz: 2,
    },
  );
  const ground = (p: TelemetryPoint, at: number): TelemetryPoint => ({
    ...p,
    recordTime: at,
    height: 0,
    speed: 0,
  });
  const first = air[0] as TelemetryPoint;
  const last = air.at(-1) as TelemetryPoint;
  return [
    ...Array.from({ length: 5 }, (_, i) => ground(first, start + i * 1_000)),
    ...air,
    ...Array.from({ length: 6 }, (_, i) => ground(last, last.recordTime + (i + 1) * 1_000)),
  ];
}

describe('no-fly zones', () => {
  it('a zone drawn on the map alerts on a drone flown into it', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, '13800000001');
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('nofly-civil').textContent())).toBeGreaterThan(0);
    await screenshot(page, 'nofly-list-zh');

    await page.getByRole('button', { name: '新建禁飞区' }).click();
    await page.getByTestId('nofly-name').fill(NAME);
    const box = await mapBox(page);
    // Zoom in a little towards the centre of the map, so the zone is a few kilometres wide.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(600);

    // A bow-tie: the form shows the domain's message and nothing is sent.
    await drawPolygon(page, [
      [-120, -90],
      [120, 90],
      [120, -90],
      [-120, 90],
    ]);
    await expect
      .poll(() => page.getByTestId('nofly-geometry-error').textContent(), { timeout: 10_000 })
      .toContain('多边形的边自相交');
    await screenshot(page, 'nofly-draw-selfintersection-zh');
    await page.getByTestId('nofly-save').click();
    await expect.poll(() => page.getByTestId('nofly-geometry-error').isVisible()).toBe(true);

    // Draw again (the new drawing replaces the old): a quadrilateral.
    await page.locator('label.ant-radio-button-wrapper').filter({ hasText: '画多边形' }).click();
    await drawPolygon(page, [
      [-140, -100],
      [150, -80],
      [130, 110],
      [-120, 90],
    ]);
    await expect
      .poll(() => page.getByTestId('nofly-shape-summary').textContent(), { timeout: 10_000 })
      .toContain('4 个顶点');
    await expect.poll(() => page.getByTestId('nofly-geometry-error').count()).toBe(0);
    await screenshot(page, 'nofly-draw-zh');
    await page.getByTestId('nofly-save').click();
    expect(await toastTexts(page)).toContain('已保存');
    await expect.poll(() => rows(page).filter({ hasText: NAME }).count(), { timeout: 15_000 }).toBe(1);

    // The zone as stored.
    const headers = await bearer(page);
    const list = await (
      await page
        .context()
        .request.get(url(`/api/drone/nofly/manage/list?name=${encodeURIComponent(NAME)}`), { headers })
    ).json();
    const zone = list.data.records[0];
    expect(zone).toMatchObject({ name: NAME, shape: 'polygon', version: 1, enabled: true });
    const ring = (zone.geometry.coordinates[0] as number[][]).slice(0, -1);
    expect(ring).toHaveLength(4);
    const lng = ring.reduce((s, p) => s + (p[0] as number), 0) / 4;
    const lat = ring.reduce((s, p) => s + (p[1] as number), 0) / 4;

    // A drone flies over the middle of it.
    const since = Date.now();
    const { basic, droneId } = await makerKey();
    const res = await page.context().request.post(url('/api/telemetry/batch'), {
      headers: basic,
      data: { drones: [{ droneId, points: flightOver(lng, lat, Date.now() - 10 * 60_000) }] },
    });
    expect(res.status()).toBe(200);
    const alerts = async () =>
      (
        await (
          await page
            .context()
            .request.get(url(`/api/drone/mointor/manage/alerts?since=${since}`), { headers })
        ).json()
      ).data as Array<{ droneId: string; oddType: number; detail: { zoneName?: string } }>;
    await expect
      .poll(
        async () => (await alerts()).filter((a) => a.oddType === 1 && a.detail.zoneName === NAME).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    expect((await alerts()).find((a) => a.detail.zoneName === NAME)?.droneId).toBe(droneId);

    // The detail counts it.
    await rows(page).filter({ hasText: NAME }).getByTestId('row-detail').click();
    await expect
      .poll(() => page.getByTestId('nofly-detail').textContent(), { timeout: 10_000 })
      .toContain(NAME);
    await page.waitForTimeout(800);
    await screenshot(page, 'nofly-detail-zh');
    await page.locator('.ant-drawer-close').click();

    // Disabled with its switch (version 2), then deleted after confirmation.
    const row = rows(page).filter({ hasText: NAME });
    await page.getByTestId(`nofly-enabled-${zone.noflyId}`).click();
    // The save's toast may still be showing: wait for the switch's own.
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已停用');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/2\s*\d{4}-\d{2}-\d{2}/);
    await row.getByTestId('row-delete').click();
    await page.getByTestId('nofly-confirm-delete').click();
    // The list reloads after the delete: slow on a loaded machine (10 s was once too short).
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(0);
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('in English: lists, and refuses a .kml that is not KML; imports a real KML', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, '13800000001');
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, 'nofly-list-en');
    await page.getByRole('button', { name: 'New zone' }).click();
    const input = page.getByTestId('nofly-upload').locator('input[type="file"]');
    await input.setInputFiles({
      name: 'zone.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from('this is not KML'),
    });
    expect(await toastTexts(page)).toContain('This file is not a valid KML file');
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>x</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
      120.30,33.80,0 120.33,33.80,0 120.33,33.82,0 120.30,33.82,0 120.30,33.80,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;
    await input.setInputFiles({
      name: 'zone.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(kml),
    });
    await expect
      .poll(() => page.getByTestId('nofly-shape-summary').textContent(), { timeout: 10_000 })
      .toContain('Polygon, 4 points');
    await page.waitForTimeout(800);
    await screenshot(page, 'nofly-import-en');

    // A circle: centre, move, click.
    await page.locator('label.ant-radio-button-wrapper').filter({ hasText: 'Draw circle' }).click();
    const box = await mapBox(page);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.click(cx, cy);
    await page.mouse.move(cx + 60, cy, { steps: 8 });
    await page.mouse.move(cx + 120, cy, { steps: 8 });
    await page.mouse.click(cx + 120, cy);
    await expect
      .poll(() => page.getByTestId('nofly-shape-summary').textContent(), { timeout: 10_000 })
      .toMatch(/Circle, radius \d+ m/);
    await screenshot(page, 'nofly-circle-en');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Editing an airport circle shows it as a circle with its radius.
    await rows(page).filter({ hasText: '盐城南洋国际机场' }).getByTestId('row-edit').click();
    await expect
      .poll(() => page.getByTestId('nofly-shape-summary').textContent(), { timeout: 10_000 })
      .toBe('Circle, radius 4000 m');
    await page.waitForTimeout(800);
    await screenshot(page, 'nofly-edit-circle-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('a government changes its own zones only; a manufacturer reads', async () => {
    const gov = await newPage(browser);
    await signInByApi(gov.page, '13800000002');
    await gov.page.goto(url(PATH));
    await expect.poll(() => rows(gov.page).count(), { timeout: 20_000 }).toBe(2);
    const airport = rows(gov.page).filter({ hasText: '盐城南洋国际机场' });
    expect(await airport.getByTestId('row-edit').count()).toBe(0);
    expect(await airport.getByTestId('row-delete').count()).toBe(0);
    expect(await airport.locator('.ant-switch-disabled').count()).toBe(1);
    expect(await gov.page.getByRole('button', { name: '新建禁飞区' }).count()).toBe(1);
    await screenshot(gov.page, 'nofly-list-government-zh');
    await gov.context.close();

    const maker = await newPage(browser);
    await signInByApi(maker.page, '13800000003');
    await maker.page.goto(url(PATH));
    await expect.poll(() => rows(maker.page).count(), { timeout: 20_000 }).toBeGreaterThan(2);
    expect(await maker.page.getByRole('button', { name: '新建禁飞区' }).count()).toBe(0);
    expect(await maker.page.getByTestId('row-edit').count()).toBe(0);
    expect(await maker.page.getByTestId('row-delete').count()).toBe(0);
    expect(await maker.page.getByTestId('row-detail').count()).toBeGreaterThan(2);
    await maker.context.close();
  });
});
