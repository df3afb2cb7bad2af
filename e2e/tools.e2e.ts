/**
 * The Tools screen as the platform (13800000001) uses it: the hub's cards, area units, a WGS-84
 * point to GCJ-02, a GPX track to GeoJSON (downloaded and read back), a bad file's translated error,
 * and maker B's telemetry key tested with one point (accepted, the drone live) and with a wrong
 * secret (refused). zh first, then en.
 */
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTranslations, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/tools';
const PLATFORM = '13800000001';
const MAKER_B = '13800000004';

let browser: Browser;
/** Maker B's telemetry key and its last drone (the other tests fly maker A's and operators' drones). */
let key: { vid: string; secret: string; droneId: string };

beforeAll(async () => {
  browser = await launch();
  const { page, context } = await newPage(browser);
  await signInByApi(page, MAKER_B);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  const headers = { authorization: `Bearer ${token}` };
  const request = context.request;
  await request.put(url('/api/user/account/secretKey'), { headers, data: { vid: 'e2e-tools' } });
  const text = await (await request.get(url('/api/user/account/secretKey'), { headers })).text();
  const secret = /secret=(.+)/.exec(text)?.[1] as string;
  const basic = { authorization: `Basic ${Buffer.from(`e2e-tools:${secret}`).toString('base64')}` };
  const drones = (await (await request.get(url('/api/telemetry/drones'), { headers: basic })).json()).data;
  key = { vid: 'e2e-tools', secret, droneId: drones.at(-1).droneId };
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

async function readDownload(d: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await d.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function testKey(page: Page, secret: string) {
  await page.getByTestId('key-vid').fill(key.vid);
  await page.getByTestId('key-secret').fill(secret);
  await page.getByTestId('key-find').click();
  await page.getByTestId('key-info').waitFor();
  await page.getByTestId('key-drone').locator('input').fill(key.droneId);
  await page.keyboard.press('Escape');
  await page.getByTestId('key-now').click();
  await page.getByTestId('key-send').click();
  await page.getByTestId('key-result').waitFor();
}

const GPX = `<?xml version="1.0"?>
<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Field 7</name><trkseg>
<trkpt lat="32.05" lon="118.8"><ele>10</ele></trkpt>
<trkpt lat="32.05" lon="118.801"><ele>11</ele></trkpt>
<trkpt lat="32.051" lon="118.801"><ele>12</ele></trkpt>
</trkseg></trk></gpx>`;

describe('Tools', () => {
  it('converts units and a coordinate, and tests a key (zh)', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, PLATFORM);
    await page.goto(url(PATH));
    await page.getByTestId('tools-page').waitFor({ timeout: 20_000 });
    // The hub: the sibling screens the platform may open.
    await page.getByTestId('hub-AppLog').waitFor();
    expect(await page.getByTestId('hub-PartWhiteList').count()).toBe(1);

    // 10 mu in the spec's factors.
    await page.getByTestId('tool-area').locator('input.ant-input-number-input, input').first().fill('10');
    await expect.poll(() => page.getByTestId('area-out-acre').textContent()).toBe('1.647369');
    expect(await page.getByTestId('area-out-hectare').textContent()).toBe('0.666667');
    expect(await page.getByTestId('area-out-rai').textContent()).toBe('4.166667');

    // The published Shanghai point, and a line that is not one.
    await page.getByTestId('coord-input').fill('121.5272106,31.1774276\nabc');
    await page.getByTestId('coord-convert').click();
    expect(await page.getByTestId('coord-output').textContent()).toBe('121.5315419,31.1753040');
    expect(await page.getByTestId('coord-bad').textContent()).toContain('第 2 行');

    // Maker B's key and drone: one point now, accepted; the drone is live.
    await testKey(page, key.secret);
    expect(await page.getByTestId('key-info').textContent()).toContain('云禾航空科技有限公司');
    expect(await page.getByTestId('key-result').getAttribute('data-accepted')).toBe('true');
    expect(await page.getByTestId('key-live').textContent()).toContain('在线');
    await page.getByTestId('key-result').scrollIntoViewIfNeeded();
    await screenshot(page, 'tools-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });

  it('converts a GPX track to GeoJSON and refuses a wrong secret (en)', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, PLATFORM);
    await page.goto(url(PATH));
    const input = page.getByTestId('tool-track').locator('input[type="file"]');
    await input.setInputFiles({
      name: 'bad.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from('<gpx'),
    });
    await expect.poll(() => page.getByTestId('track-error').textContent()).toBe('Not a valid GPX file');
    await input.setInputFiles({
      name: 'field 7.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from(GPX),
    });
    await expect.poll(() => page.getByTestId('track-points').textContent()).toBe('3');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('track-download').click(),
    ]);
    expect(file.suggestedFilename()).toBe('field_7.geojson');
    const fc = JSON.parse(await readDownload(file));
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0].properties.name).toBe('Field 7');
    expect(fc.features[0].geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [118.8, 32.05, 10],
        [118.801, 32.05, 11],
        [118.801, 32.051, 12],
      ],
    });

    await testKey(page, `${key.secret}x`);
    expect(await page.getByTestId('key-info').textContent()).toContain('The key is not valid');
    expect(await page.getByTestId('key-result').getAttribute('data-accepted')).toBe('false');
    expect(await page.getByTestId('key-reasons').textContent()).toContain('The key is not valid');
    await page.getByTestId('key-result').scrollIntoViewIfNeeded();
    await screenshot(page, 'tools-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  });
});
