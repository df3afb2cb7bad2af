/**
 * What one repaint of a MapLibre globe costs this machine's Chromium, without our app: the frame
 * time of map-frames.ts has a floor set by the renderer, and this measures it. A bare page loads
 * MapLibre (the package the app uses) and the basemap files shipped in apps/web/public/basemap, and
 * repaints continuously (map.repaint = true) for a few seconds per case:
 *
 *   - background: the globe with one background layer, nothing else;
 *   - basemap: the offline basemap's layers as style.ts draws them (land, province and country lines);
 *   - basemap + 20,000 dots: plus the drones' dot layer with 20,000 points over China.
 *
 *   npx tsx bench/map-baseline.ts        (BENCH_VIEWPORT=1440x900 by default)
 *
 * Chromium runs with --disable-gpu (the flags this machine requires), so WebGL is SwiftShader: every
 * pixel and vertex is computed on the CPU. The page's own script time is printed beside the frame
 * time, to show where the frame goes.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { launchChromium } from '../e2e/setup/chromium.ts';
import { summary } from './telemetry-kit.ts';

const ROOT = join(import.meta.dirname, '..');
const [WIDTH = 1440, HEIGHT = 900] = (process.env.BENCH_VIEWPORT ?? '1440x900').split('x').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/mgl/maplibre-gl.css">
<style>html,body,#m{margin:0;width:100%;height:100%}</style></head><body><div id="m"></div>
<script type="module">
import { Map, setWorkerUrl } from '/mgl/maplibre-gl.mjs';
setWorkerUrl('/mgl/maplibre-gl-worker.mjs');
const kase = new URLSearchParams(location.search).get('case');
const layers = [{ id: 'sea', type: 'background', paint: { 'background-color': '#b9d3e6' } }];
if (kase !== 'background') layers.push(
  { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f3f1ea', 'fill-antialias': false } },
  { id: 'province', type: 'line', source: 'borders', filter: ['==', ['get', 'kind'], 'province'],
    paint: { 'line-color': '#a393b5', 'line-width': 0.8, 'line-dasharray': [4, 2] } },
  { id: 'country', type: 'line', source: 'borders', filter: ['==', ['get', 'kind'], 'country'],
    paint: { 'line-color': '#8c7a9c', 'line-width': 1 } });
const features = [];
let seed = 1;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
if (kase === 'dots') {
  for (let i = 0; i < 20000; i++) features.push({ type: 'Feature', properties: { s: i % 3 },
    geometry: { type: 'Point', coordinates: [100 + 25 * rnd(), 22 + 23 * rnd()] } });
  layers.push({ id: 'dot', type: 'circle', source: 'drones', paint: { 'circle-radius': 2.5,
    'circle-color': ['match', ['get', 's'], 0, '#2fb344', 1, '#1677ff', '#8c8c8c'],
    'circle-stroke-color': '#ffffff', 'circle-stroke-width': 0.6 } });
}
window.map = new Map({ container: 'm', center: [104, 35], zoom: 3.5, style: { version: 8,
  projection: { type: 'globe' }, sky: { 'atmosphere-blend': 0 },
  sources: { land: { type: 'geojson', data: '/basemap/countries.json', maxzoom: 8 },
    borders: { type: 'geojson', data: '/basemap/borders.json', maxzoom: 8 },
    drones: { type: 'geojson', data: { type: 'FeatureCollection', features }, maxzoom: 14 } },
  layers } });
window.map.once('idle', () => { window.ready = true; });
</script></body></html>`;

const DIRS: Record<string, string> = {
  '/mgl/': join(ROOT, 'node_modules/maplibre-gl/dist/'),
  '/basemap/': join(ROOT, 'apps/web/public/basemap/'),
};
const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/') {
    res.setHeader('content-type', 'text/html');
    return res.end(PAGE);
  }
  const dir = Object.keys(DIRS).find((p) => path.startsWith(p));
  const root = dir ? DIRS[dir] : undefined;
  const file = root && dir ? join(root, path.slice(dir.length)) : '';
  if (!file || file.includes('..') || !existsSync(file)) {
    res.statusCode = 404;
    return res.end();
  }
  res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
  createReadStream(file).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// A string, not a function: tsx would add its __name helper, which the page does not have.
const MEASURE = `new Promise((resolve) => {
  const deltas = [];
  let last = performance.now();
  const end = last + ${SECONDS * 1000};
  map.repaint = true;
  const f = (t) => {
    deltas.push(t - last);
    last = t;
    if (t < end) requestAnimationFrame(f);
    else { map.repaint = false; resolve(deltas.slice(1)); }
  };
  requestAnimationFrame(f);
})`;

const browser = await launchChromium();
const cases: Record<string, unknown> = {};
for (const kase of ['background', 'basemap', 'dots']) {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await page.goto(`${base}/?case=${kase}`);
  await page.waitForFunction('window.ready === true', null, { timeout: 60_000 });
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const frames = (await page.evaluate(MEASURE)) as number[];
  const { profile } = await cdp.send('Profiler.stop');
  // Script time: samples in JavaScript functions (not idle, GC or the native '(program)' bucket,
  // where WebGL calls wait for the software renderer).
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  let scriptUs = 0;
  profile.samples?.forEach((id, i) => {
    const frame = nodes.get(id);
    if (frame?.url) scriptUs += profile.timeDeltas?.[i] ?? 0;
  });
  cases[kase === 'dots' ? 'basemap + 20,000 dots' : kase] = {
    frameMs: summary(frames, 1),
    scriptShare: Number((scriptUs / 1000 / (SECONDS * 1000)).toFixed(3)),
  };
  await page.close();
}
await browser.close();
server.close();
console.log(
  JSON.stringify(
    {
      bench: 'map-baseline',
      what: 'continuous repaint of a bare MapLibre globe, zoom 3.5 over China',
      viewport: `${WIDTH}x${HEIGHT}`,
      renderer: 'SwiftShader (software WebGL: Chromium --disable-gpu)',
      cases,
    },
    null,
    2,
  ),
);
