/**
 * Blocks as an operator uses them (issue 11 acceptance, zh and en): the list; the batch delete with
 * nothing selected says 'no block selected' without a call (001 §5); a field drawn on the map with a
 * hole (after a bow-tie refused by the shared geometry check), edited, shared by phone (the target
 * sees it shared, read-only), then the share stopped from the detail (confirmed; the target no
 * longer sees it); a block used by sorties is refused by the ordinary delete and removed
 * by force delete only; the detail's coverage section; the monitor's blocks layer toggled on shows a
 * block. In English: a file with no polygon is refused, a zipped Shapefile field with an obstacle
 * shows with its hole, a KML with two fields imports as two blocks,
 * a row exports as KML and the detail as GeoJSON.
 */
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shp, zip } from '../apps/web/src/features/blocks/shapefileKit.ts';
import { dialogOpened, listSettled, missingTranslations, signInByApi, toastTexts } from './setup/app.ts';
import { allowConsoleError, launch, newPage, screenshot, url } from './setup/browser.ts';

const PATH = '/business_manage/block-list';
const OPERATOR = '13800000006';
const OTHER_OPERATOR = '13800000005';
const NAME = `画的地块-${Date.now() % 100_000}`;
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

interface Row {
  blockId: number;
  blockName: string;
  sortieCount: number;
  shared: boolean;
  editable: boolean;
  geometry: { coordinates: number[][][] };
}

async function apiList(page: Page, query: string): Promise<Row[]> {
  const res = await page
    .context()
    .request.get(url(`/api/drone/block/manage/list?size=500&${query}`), { headers: await bearer(page) });
  return (await res.json()).data.records as Row[];
}

const rows = (page: Page) => page.locator('[data-testid="list-blocks"] .ant-table-tbody tr.ant-table-row');

async function mapBox(page: Page) {
  const canvas = page.locator('[data-testid="blocks-map"] canvas.maplibregl-canvas');
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no map canvas');
  return box;
}

/** Clicks the vertices (px from the map's centre), then the first one again to close. */
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

/**
 * Zooms in to field zoom: wheel steps, then until the scale bar reads 200 m or less (a loaded machine
 * drops wheel steps; a field drawn at a lower zoom is far larger than a real one, and the editor
 * then asks to confirm its size).
 */
async function zoomIn(page: Page, steps: number) {
  const box = await mapBox(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scale = page.locator('[data-testid="blocks-map"] .maplibregl-ctrl-scale');
  const metres = async () => {
    const m = /^(\d+)\s*m$/.exec(((await scale.textContent()) ?? '').trim());
    return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
  };
  for (let i = 0; i < steps * 3 && (i < steps || (await metres()) > 200); i++) {
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(i < steps ? 250 : 600);
  }
  await page.waitForTimeout(600);
}

/** Waits for the map's style and overlays (the detail's map is created on a fresh page load). */
async function mapSettled(page: Page) {
  await page.locator('[data-testid="block-map"] canvas.maplibregl-canvas').waitFor();
  await page.waitForTimeout(3000);
}

async function readDownload(d: Download): Promise<string> {
  const stream = await d.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Client-side navigation (the map keeps its camera, as when a menu entry is clicked). */
async function navigate(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const step = (s: string) => console.log(`[blocks e2e] ${new Date().toISOString().slice(11, 19)} ${s}`);

describe('blocks', () => {
  it('an operator draws a field with a hole, edits, shares, force-deletes a used block, reads coverage, sees blocks on the monitor', async () => {
    const { page, context } = await newPage(browser);
    await signInByApi(page, OPERATOR);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await listSettled(page, 'blocks');
    expect(await page.getByTestId('blocks-figures-area').textContent()).toMatch(/\d+\.\d\d/);
    await screenshot(page, 'blocks-list-zh');

    step('Delete with nothing selecte');
    // Delete with nothing selected: the local message, no call.
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(r.url());
    });
    await page.getByTestId('batch-delete').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('未选择地块');
    expect(deletes).toEqual([]);

    step('Draw: a bow-tie');
    // Draw: a bow-tie is refused, then a quadrilateral with a hole inside.
    await page.getByRole('button', { name: '新建地块' }).click();
    await page.getByTestId('blocks-name').fill(NAME);
    await zoomIn(page, 12);
    await drawPolygon(page, [
      [-120, -90],
      [120, 90],
      [120, -90],
      [-120, 90],
    ]);
    await expect
      .poll(() => page.getByTestId('blocks-geometry-error').textContent(), { timeout: 10_000 })
      .toContain('地块边界自相交');
    await page
      .getByRole('button', { name: /清\s*除/ })
      .first()
      .click();
    await drawPolygon(page, [
      [-160, -110],
      [170, -90],
      [150, 120],
      [-140, 100],
    ]);
    await expect
      .poll(() => page.getByTestId('blocks-shape-summary').textContent(), { timeout: 10_000 })
      .toContain('4 个顶点，0 个障碍区');
    const before = await page.getByTestId('blocks-area').textContent();
    await page.locator('label.ant-radio-button-wrapper').filter({ hasText: '画障碍区' }).click();
    await drawPolygon(page, [
      [-40, -30],
      [40, -30],
      [40, 30],
      [-40, 30],
    ]);
    await expect
      .poll(() => page.getByTestId('blocks-shape-summary').textContent(), { timeout: 10_000 })
      .toContain('1 个障碍区');
    expect(await page.getByTestId('blocks-area').textContent()).not.toBe(before);
    await expect.poll(() => page.getByTestId('blocks-geometry-error').count()).toBe(0);
    await page.waitForTimeout(500);
    await screenshot(page, 'blocks-draw-hole-zh');
    await page.getByTestId('blocks-save').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('地块已保存');
    await expect.poll(() => rows(page).filter({ hasText: NAME }).count(), { timeout: 15_000 }).toBe(1);
    const [made] = await apiList(page, `search=${encodeURIComponent(NAME)}`);
    expect(made?.geometry.coordinates).toHaveLength(2);

    step('Edit: a new name.');
    // Edit: a new name.
    await listSettled(page, 'blocks');
    await rows(page).filter({ hasText: NAME }).getByTestId('row-edit').click();
    await page.getByTestId('blocks-name').fill(`${NAME}-改`);
    await page.waitForTimeout(500);
    await screenshot(page, 'blocks-edit-zh');
    await page.getByTestId('blocks-save').click();
    await expect
      .poll(
        () =>
          rows(page)
            .filter({ hasText: `${NAME}-改` })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);

    step('Share with another');
    // Share with another operator's user: it sees the block as shared, read-only.
    await listSettled(page, 'blocks');
    await rows(page)
      .filter({ hasText: `${NAME}-改` })
      .getByTestId('row-share')
      .click();
    await page.getByTestId('blocks-share-phone').fill(OTHER_OPERATOR);
    await screenshot(page, 'blocks-share-zh');
    await page.getByTestId('blocks-share-ok').click();
    // The same answer whether or not the number is a user's (no phone enumeration).
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('如该号码属于本平台用户');
    const other = await newPage(browser);
    await signInByApi(other.page, OTHER_OPERATOR);
    await other.page.goto(url(`${PATH}?search=${encodeURIComponent(`${NAME}-改`)}`));
    await expect.poll(() => rows(other.page).count(), { timeout: 20_000 }).toBe(1);
    expect(await rows(other.page).getByTestId('blocks-shared-tag').count()).toBe(1);
    expect(await rows(other.page).getByTestId('row-edit').count()).toBe(0);
    await screenshot(other.page, 'blocks-shared-with-me-zh');
    await other.context.close();

    // The drawn block's detail: its hole shows on the map.
    await page.goto(url(`${PATH}/${made?.blockId}`));
    await expect.poll(() => page.getByTestId('block-coverage').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('block-figures').textContent()).toContain('障碍区1');
    await mapSettled(page);
    await screenshot(page, 'blocks-detail-hole-zh');

    step('Stop sharing');
    // The detail lists who the block is shared with; stopping a share is confirmed, and the user
    // no longer sees the block.
    await expect.poll(() => page.getByTestId('block-share-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('block-shares').textContent()).toContain('138*****005');
    await page.getByTestId('block-unshare').click();
    await page.getByTestId('block-unshare-ok').waitFor();
    await page.waitForTimeout(500); // the confirmation's opening animation, for the screenshot
    await screenshot(page, 'blocks-unshare-confirm-zh');
    await page.getByTestId('block-unshare-ok').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('已取消分享');
    await expect.poll(() => page.getByTestId('block-share-row').count(), { timeout: 10_000 }).toBe(0);
    const gone = await newPage(browser);
    await signInByApi(gone.page, OTHER_OPERATOR);
    expect((await apiList(gone.page, `search=${encodeURIComponent(`${NAME}-改`)}`)).length).toBe(0);
    await gone.context.close();

    step('A block sprayed by sorties');
    // A block sprayed by sorties: the ordinary delete is refused, force delete removes it.
    const used = (await apiList(page, 'onlyMyAccount=1')).filter((r) => r.sortieCount > 0);
    expect(used.length).toBeGreaterThan(1);
    const victim = used[0] as Row;
    await page.goto(url(`${PATH}?search=${encodeURIComponent(victim.blockName)}`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await listSettled(page, 'blocks');
    allowConsoleError(
      page,
      /status of 409 .*\/api\/drone\/block\/manage\?ids=/,
      'the ordinary delete of a used block is refused (409) on purpose',
    );
    const victimRow = rows(page).filter({ hasText: victim.blockName }).first();
    await victimRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-delete').click();
    // The refusal is awaited as an answer first, so a failure here says whether the delete was
    // sent and what came back (the reason once failed to show beside a CPU hog, undiagnosed).
    const refused = page.waitForResponse((r) => r.url().includes('/api/drone/block/manage?ids='), {
      timeout: 30_000,
    });
    await page.getByTestId('blocks-confirm-delete').click();
    const answer = await refused;
    expect(`${answer.status()} ${await answer.text()}`).toMatch(/^409 /);
    await expect
      .poll(() => page.getByTestId('blocks-force-reason').textContent({ timeout: 5_000 }), {
        timeout: 30_000,
      })
      .toContain('强制删除');
    expect(await page.getByTestId('blocks-force-ok').isDisabled()).toBe(true);
    await page.getByTestId('blocks-force-input').fill(victim.blockName);
    await screenshot(page, 'blocks-force-delete-zh');
    await page.getByTestId('blocks-force-ok').click();
    await expect
      .poll(async () => (await apiList(page, `search=${encodeURIComponent(victim.blockName)}`)).length, {
        timeout: 10_000,
      })
      .toBe(0);

    step('The detail of a sprayed blo');
    // The detail of a sprayed block: its coverage section.
    const shown = used[1] as Row;
    await page.goto(url(`${PATH}/${shown.blockId}`));
    await expect.poll(() => page.getByTestId('block-coverage').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('block-detail-name').textContent()).toBe(shown.blockName);
    await expect
      .poll(() => page.locator('[data-testid="block-sorties"] tr.ant-table-row').count())
      .toBeGreaterThan(0);
    await mapSettled(page);
    await screenshot(page, 'blocks-detail-zh');
    // A route plan of the block (made through the API here; its screen is RoutePlanning): planned
    // versus sprayed per plan, its coverage on the map when chosen.
    const home = shown.geometry.coordinates[0]?.[0] as number[];
    const planned = await page.context().request.put(url('/api/drone/block/route'), {
      headers: await bearer(page),
      data: { block: shown.blockId, alignEdgeIndex: 0, home, droneCount: 3, width: 5, name: 'e2e 航线' },
    });
    expect(planned.status()).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.locator('[data-testid="block-routes"] tr.ant-table-row').count(), { timeout: 20_000 })
      .toBe(1);
    await page.getByTestId('block-route-show').click();
    await expect
      .poll(() => page.getByTestId('block-coverage-section').textContent(), { timeout: 10_000 })
      .toContain('规划与实际喷洒');
    expect(await page.getByTestId('block-coverage-planned').count()).toBe(1);
    await mapSettled(page);
    await screenshot(page, 'blocks-detail-route-zh');
    await page.getByTestId('block-sorties').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, 'blocks-detail-sorties-zh');

    step('The monitor, reached');
    // The monitor, reached in the app (the map stays on the block): the blocks layer is off by default.
    await navigate(page, '/monitor_manage/monitor');
    await page.getByRole('button', { name: '地图设置' }).first().click();
    const blocksSwitch = page.getByRole('switch', { name: '地块' });
    expect(await blocksSwitch.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('monitor-blocks-count').count()).toBe(0);
    await blocksSwitch.click();
    await expect
      .poll(async () => Number(await page.getByTestId('monitor-blocks-count').getAttribute('data-count')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1200);
    await screenshot(page, 'blocks-monitor-zh');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  }, 300_000);

  it('in English: the list, a file with no polygon refused, a KML with two fields imported as two blocks, the detail', async () => {
    const { page, context } = await newPage(browser, { language: 'en' });
    await signInByApi(page, OPERATOR);
    await page.goto(url(PATH));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await listSettled(page, 'blocks');
    await screenshot(page, 'blocks-list-en');
    await page.getByTestId('batch-delete').click();
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('No block selected');

    step('en import');
    await page.getByRole('button', { name: 'New block' }).click();
    const input = page.getByTestId('blocks-upload').locator('input[type="file"]');
    const noPolygon = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>p</name><Point><coordinates>120.3,33.8,0</coordinates></Point></Placemark></kml>`;
    await input.setInputFiles({
      name: 'points.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(noPolygon),
    });
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain('The file holds no polygon');
    // A zipped Shapefile: a field with an obstacle.
    const ring = [
      [120.3, 33.8],
      [120.3, 33.803],
      [120.304, 33.803],
      [120.304, 33.8],
      [120.3, 33.8],
    ];
    const obstacle = [
      [120.301, 33.801],
      [120.302, 33.801],
      [120.302, 33.802],
      [120.301, 33.802],
      [120.301, 33.801],
    ];
    await input.setInputFiles({
      name: 'field.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip({ 'field.shp': shp([[ring, obstacle]]) })),
    });
    await expect
      .poll(() => page.getByTestId('blocks-shape-summary').textContent(), { timeout: 10_000 })
      .toContain('4 points, 1 obstacle(s)');
    await page.waitForTimeout(800);
    await screenshot(page, 'blocks-import-shapefile-en');
    const tag = Date.now() % 100_000;
    const field = (name: string, x: number) =>
      `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
      ${x},33.80,0 ${x + 0.004},33.80,0 ${x + 0.004},33.803,0 ${x},33.803,0 ${x},33.80,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${field(`KML East ${tag}`, 120.3)}${field(`KML West ${tag}`, 120.31)}</Document></kml>`;
    await input.setInputFiles({
      name: 'fields.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(kml),
    });
    await expect
      .poll(() => page.getByTestId('blocks-import-pick').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByTestId('blocks-shape-summary').textContent(), { timeout: 10_000 })
      .toContain('4 points, 0 obstacle(s)');
    await page.waitForTimeout(800);
    await screenshot(page, 'blocks-import-en');
    await page.getByTestId('blocks-import-each').click();
    await expect
      .poll(async () => (await apiList(page, `search=${encodeURIComponent(`${tag}`)}`)).length, {
        timeout: 15_000,
      })
      .toBe(2);

    // Export a list row as KML: the file holds the block's name and ring.
    step('en export');
    await page.goto(url(`${PATH}?search=${encodeURIComponent(`KML West ${tag}`)}`));
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(1);
    await listSettled(page, 'blocks');
    await rows(page).getByTestId('row-export').click();
    const format = page.getByTestId('blocks-export-format');
    await format.waitFor();
    await dialogOpened(page);
    // Choosing a format is safe to repeat: clicked until it shows as chosen.
    await expect
      .poll(
        async () => {
          if (!(await format.getByRole('radio', { name: 'KML' }).isChecked()))
            await format.getByText('KML').click();
          return format.getByRole('radio', { name: 'KML' }).isChecked();
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const [kmlFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('blocks-export-ok').click(),
    ]);
    const kmlText = await readDownload(kmlFile);
    expect(kmlText).toContain('<kml');
    expect(kmlText).toContain(`KML West ${tag}`);
    expect(kmlText).toContain('120.31');

    const [east] = await apiList(page, `search=${encodeURIComponent(`KML East ${tag}`)}`);
    await page.goto(url(`${PATH}/${east?.blockId}`));
    await expect.poll(() => page.getByTestId('block-coverage').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('block-coverage-section').textContent()).toContain('Share sprayed');
    await mapSettled(page);
    await screenshot(page, 'blocks-detail-en');
    // Export from the detail as GeoJSON (the default).
    await page.getByTestId('block-export').click();
    const [jsonFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('blocks-export-ok').click(),
    ]);
    const exported = JSON.parse(await readDownload(jsonFile));
    expect(exported.features[0].properties.name).toBe(`KML East ${tag}`);
    expect(exported.features[0].geometry.type).toBe('Polygon');

    await navigate(page, '/monitor_manage/monitor');
    await page.getByRole('button', { name: 'Map settings' }).first().click();
    // A click while the settings popover still opens can miss on a loaded machine (seen in CI):
    // clicked again until the switch reads on.
    const blocksSwitch = page.getByRole('switch', { name: 'Blocks' });
    await expect
      .poll(
        async () => {
          if ((await blocksSwitch.getAttribute('aria-checked')) !== 'true') await blocksSwitch.click();
          return blocksSwitch.getAttribute('aria-checked');
        },
        { timeout: 10_000 },
      )
      .toBe('true');
    await expect
      .poll(async () => Number(await page.getByTestId('monitor-blocks-count').getAttribute('data-count')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1200);
    await screenshot(page, 'blocks-monitor-en');
    expect(await missingTranslations(page)).toEqual([]);
    await context.close();
  }, 180_000);
});
