/**
 * The maps as a new user meets them (issue 21): a SEEDED demo field's outline is drawn in its edit
 * dialog and on its detail (demo fields store 14+ decimals, which terra-draw refused silently); an end
 * user sees no configuration hint on a field-zoom map while the platform administrator does, above
 * the map credit and not over it; a field drawn far too large is warned about and saved only after a
 * confirmation. Outlines are proven by the map's pixels: a count of the outline's and fill's hue.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/block-list';
const OPERATOR = '13800000007';
const ADMIN = '13800000001';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function newWidePage() {
  const { page, context } = await newPage(browser);
  await page.setViewportSize({ width: 1600, height: 900 });
  return { page, context };
}

async function bearer(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').token as string);
  return { authorization: `Bearer ${token}` };
}

const rows = (page: Page) => page.locator('[data-testid="list-blocks"] .ant-table-tbody tr.ant-table-row');

/**
 * Pixels of the map canvas in a field's hue: orange-yellow (red well above blue, green well above
 * blue), which neither the beige land, the grey grid, the sea nor the red of unsprayed parts has.
 */
async function fieldPixels(page: Page, canvas: Locator): Promise<number> {
  const png = (await canvas.screenshot()).toString('base64');
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d') as CanvasRenderingContext2D;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i] as number, d[i + 1] as number, d[i + 2] as number];
      if (r > 150 && r - b > 45 && g - b > 30) n++;
    }
    return n;
  }, png);
}

async function zoomIn(page: Page, canvas: Locator, steps: number) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no map canvas');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(800);
}

function overlaps(a: { x: number; y: number; width: number; height: number } | null, b: typeof a) {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('maps', () => {
  it("a seeded demo field's outline shows in its edit dialog and on its detail, with no configuration hint", async () => {
    const { page, context } = await newWidePage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !/GL Driver|WebGL/.test(m.text())) errors.push(m.text());
    });
    await signInByApi(page, OPERATOR);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await listSettled(page, 'blocks');
    const res = await context.request.get(url('/api/drone/block/manage/list?size=20'), {
      headers: await bearer(page),
    });
    const records = (await res.json()).data.records as Array<{
      blockId: number;
      blockName: string;
      geometry: { coordinates: number[][][] };
    }>;
    // A seeded demo field, as the issue met it: coordinates with more decimals than terra-draw takes.
    const decimals = (r: (typeof records)[number]) =>
      Math.max(
        ...(r.geometry.coordinates[0] ?? []).flat().map((v) => (String(v).split('.')[1] ?? '').length),
      );
    const block = records.find((r) => decimals(r) > 9);
    expect(block, 'a demo field with 10+ decimals').toBeTruthy();
    if (!block) return;
    const row = rows(page).filter({ hasText: block.blockName }).first();

    await row.getByText('编辑').click();
    const editCanvas = page.locator('[data-testid="blocks-map"] canvas.maplibregl-canvas');
    await editCanvas.waitFor();
    await expect.poll(() => page.getByTestId('blocks-area').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    await expect
      .poll(() => fieldPixels(page, editCanvas), { timeout: 15_000, interval: 1000 })
      .toBeGreaterThan(400);
    // Field zoom, no imagery configured: an end user still sees no configuration text.
    expect(await page.getByTestId('imagery-note').count()).toBe(0);
    expect(await page.locator('[data-testid="blocks-map"] .maplibregl-ctrl-scale').count()).toBe(1);
    await screenshot(page, 'maps-demo-field-edit');
    await page.getByRole('button', { name: /取\s*消/ }).click();

    await page.goto(url(`${PATH}/${block.blockId}`));
    const detailCanvas = page.locator('[data-testid="block-map"] canvas.maplibregl-canvas');
    await detailCanvas.waitFor();
    await expect
      .poll(() => fieldPixels(page, detailCanvas), { timeout: 15_000, interval: 1000 })
      .toBeGreaterThan(400);
    expect(await page.getByTestId('imagery-note').count()).toBe(0);
    await screenshot(page, 'maps-demo-field-detail');
    expect(errors).toEqual([]);
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('a field drawn far too large is warned about and saved only once confirmed', async () => {
    const { page, context } = await newWidePage();
    await signInByApi(page, OPERATOR);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await listSettled(page, 'blocks');
    await page.getByRole('button', { name: '新建地块' }).click();
    const name = `误点大地块-${Date.now() % 100_000}`;
    await page.getByTestId('blocks-name').fill(name);
    const canvas = page.locator('[data-testid="blocks-map"] canvas.maplibregl-canvas');
    await canvas.waitFor();
    await page.waitForTimeout(1500);
    await zoomIn(page, canvas, 8);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no map canvas');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    for (const [dx, dy] of [
      [-150, -120],
      [150, -120],
      [150, 120],
      [-150, 120],
      [-150, -120],
    ] as const) {
      await page.mouse.move(cx + dx, cy + dy, { steps: 4 });
      await page.mouse.click(cx + dx, cy + dy);
      await page.waitForTimeout(150);
    }
    const area = Number((await page.getByTestId('blocks-area').textContent())?.replace(/[^\d.]/g, ''));
    expect(area).toBeGreaterThan(10_000);
    await expect.poll(() => page.getByTestId('blocks-large-warning').count()).toBe(1);
    await screenshot(page, 'maps-large-field-warning');

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/block/manage')) posts.push(r.url());
    });
    await page.getByTestId('blocks-save').click();
    await page.getByTestId('blocks-large-cancel').waitFor();
    expect(await page.locator('.ant-modal-confirm').textContent()).toContain('地块面积异常大');
    await page.waitForTimeout(500);
    await screenshot(page, 'maps-large-field-confirm');
    await page.getByTestId('blocks-large-cancel').click();
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect(await page.getByTestId('blocks-map').count()).toBe(1);

    await page.getByTestId('blocks-save').click();
    await page.getByTestId('blocks-large-ok').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('保存');
    expect(posts).toHaveLength(1);
    // Leave the demo data as it was.
    const res = await context.request.get(
      url(`/api/drone/block/manage/list?size=500&search=${encodeURIComponent(name)}`),
      { headers: await bearer(page) },
    );
    const ids = ((await res.json()).data.records as Array<{ blockId: number }>).map((r) => r.blockId);
    expect(ids).toHaveLength(1);
    const del = await context.request.delete(url(`/api/drone/block/manage?ids=${ids.join(',')}`), {
      headers: await bearer(page),
    });
    expect(del.status()).toBe(200);
    await context.close();
  }, 120_000);

  for (const [who, phone, sees] of [
    ['the platform administrator sees', ADMIN, true],
    ['a government user does not see', '13800000002', false],
  ] as const)
    it(`${who} the imagery hint at field zoom (above the credit, not over it)`, async () => {
      const { page, context } = await newWidePage();
      await signInByApi(page, phone);
      await page.goto(url('/monitor_manage/monitor'));
      const canvas = page.locator('canvas.maplibregl-canvas');
      await canvas.waitFor();
      await page.waitForTimeout(1500);
      // Field zoom (12 and closer): wheel until the scale bar reads 300 m or less (a loaded machine
      // may drop wheel steps).
      const scale = page.locator('.maplibregl-ctrl-scale');
      const metres = async () => {
        const m = /^(\d+)\s*m$/.exec(((await scale.textContent()) ?? '').trim());
        return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
      };
      for (let i = 0; i < 6 && (await metres()) > 300; i++) await zoomIn(page, canvas, 4);
      expect(await metres()).toBeLessThanOrEqual(300);
      if (sees) {
        await page.getByTestId('imagery-note').waitFor({ timeout: 10_000 });
        const note = await page.getByTestId('imagery-note').boundingBox();
        const credit = await page.locator('.maplibregl-ctrl-attrib').boundingBox();
        expect(overlaps(note, credit)).toBe(false);
        await screenshot(page, 'maps-imagery-hint-admin');
      } else {
        await page.waitForTimeout(1500);
        expect(await page.getByTestId('imagery-note').count()).toBe(0);
        await screenshot(page, 'maps-no-hint-government');
      }
      await context.close();
    }, 120_000);
});
