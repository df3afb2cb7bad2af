/**
 * Map frame time with 20,000 online drones moving (issue 3: p95 at most 33 ms, measured in
 * Chromium). A real console (test mode, built web app) whose live state gets 20,000 drones over
 * China, each moved once a second; the platform user opens the monitor in Debian's Chromium and
 * the page records requestAnimationFrame intervals while the socket pushes the moves, and the time
 * MapLibre spends per update. Prints JSON.
 *
 *   npm run build && TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/map-frames.ts
 *
 * Chromium runs with --disable-gpu (the flags this machine requires): WebGL is SwiftShader, a
 * software renderer on the CPU, so the paint part of a frame is far slower here than on any
 * machine with a GPU. The figures say which part is ours (main-thread script) and which the paint.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { hashSeed, mulberry32 } from '../apps/server/src/sim/flight/index.ts';
import { launchChromium } from '../e2e/setup/chromium.ts';
import { benchDroneId, signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const DRONES = Number(process.env.BENCH_DRONES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ZOOM = Number(process.env.BENCH_ZOOM ?? 3.5);

const bench = await startBenchConsole({ drones: DRONES, web: true });
const { live, directory } = bench.app.telemetry;
const ids = Array.from({ length: DRONES }, (_, i) => benchDroneId(i));
for (let i = 0; i < ids.length; i += 1000) await directory.preload(ids.slice(i, i + 1000));
const rng = mulberry32(hashSeed('map-frames'));
const drones = ids.map((id) => ({
  meta: directory.peek(id),
  lng: rng.range(100, 125),
  lat: rng.range(22, 45),
  heading: rng.range(0, 360),
}));
function move() {
  const now = Date.now();
  for (const d of drones) {
    if (!d.meta) continue;
    d.heading = (d.heading + rng.range(-20, 20) + 360) % 360;
    d.lng += 0.0002 * Math.sin((d.heading * Math.PI) / 180);
    d.lat += 0.0002 * Math.cos((d.heading * Math.PI) / 180);
    const p: TelemetryPoint = {
      recordTime: now,
      lng: d.lng,
      lat: d.lat,
      height: 3,
      speed: 5,
      heading: d.heading,
      battery: 70,
      flow: 2,
      pump: rng.next() < 0.6,
      swath: 6,
      tank: 10,
      mode: 'auto',
    };
    live.update(d.meta, p, true, null, now);
  }
}
move();
const mover = setInterval(move, 1000);

const token = await signIn(bench.baseUrl, '13800000001');
const info = (
  await (
    await fetch(`${bench.baseUrl}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
).data;
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(`${bench.baseUrl}/login`);
await page.evaluate(
  ({ token, user }) => {
    localStorage.setItem('token', JSON.stringify({ token, expire: Date.now() / 1000 + 3600 }));
    localStorage.setItem('userInfo', JSON.stringify(user));
  },
  { token, user: info },
);
await page.goto(`${bench.baseUrl}/monitor_manage/monitor`);
// Wait until the page shows the drones online (the first pushes arrived and rendered).
const online = page.getByTestId('monitor-stats');
const started = Date.now();
while (Date.now() - started < 60_000) {
  const text = (await online.textContent()) ?? '';
  if (text.includes(String(DRONES))) break;
  await page.waitForTimeout(500);
}
await page.waitForTimeout(3000);
// A string, not a function: tsx would add its __name helper, which the page does not have.
const MEASURE = `new Promise((resolve) => {
  const deltas = [];
  let last = performance.now();
  const end = last + ${SECONDS * 1000};
  const f = (t) => {
    deltas.push(t - last);
    last = t;
    if (t < end) requestAnimationFrame(f);
    else resolve(deltas.slice(1));
  };
  requestAnimationFrame(f);
})`;
const frames = (await page.evaluate(MEASURE)) as number[];

// The same view repainted once a second with the drones standing still (a 2-pixel drag): what a
// frame costs this renderer without any drone update, to tell our work from the paint.
clearInterval(mover);
await page.waitForTimeout(2000);
const box = (await page.locator('canvas.maplibregl-canvas').boundingBox()) ?? {
  x: 700,
  y: 450,
  width: 0,
  height: 0,
};
const cx = box.x + box.width / 2;
const cy = box.y + box.height / 2;
let dx = 2;
let dragging = true;
const drag = async () => {
  while (dragging) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy, { steps: 1 });
    await page.mouse.up();
    dx = -dx;
    await page.waitForTimeout(1000);
  }
};
const dragged = drag();
const paintOnly = (await page.evaluate(MEASURE)) as number[];
dragging = false;
await dragged;
await page.screenshot({ path: 'test-results/screenshots/bench-map-frames.png' });
await browser.close();
await bench.stop();

console.log(
  JSON.stringify(
    {
      bench: 'map-frames',
      target: 'frame p95 <= 33 ms with 20,000 drones moving',
      drones: DRONES,
      zoom: ZOOM,
      seconds: SECONDS,
      renderer: 'SwiftShader (software WebGL: Chromium --disable-gpu)',
      frameMs: summary(frames, 1),
      framesOver33MsPerSecond: Number((frames.filter((f) => f > 33).length / SECONDS).toFixed(2)),
      repaintWithoutUpdatesFrameMs: summary(paintOnly, 1),
    },
    null,
    2,
  ),
);
process.exit(0);
