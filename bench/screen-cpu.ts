/**
 * What opening each screen costs Chromium in CPU time (why the browser tests are slow on 2 cores):
 * a real console (test mode, built web app, demo data), one demo user in Debian's Chromium; each
 * screen without a route parameter is loaded fresh and the CPU time of every Chromium process is
 * summed over its first BENCH_SECONDS (default 10), with the requestAnimationFrame callbacks asked for in
 * that time (MapLibre asks one per frame). Prints one line per screen, the costliest first.
 *
 *   npm run build && npx tsx bench/screen-cpu.ts      (PHONE=13800000002, SCREENS=MonitorView,DroneList,
 *                                                      VIEWPORT=1440x900)
 *
 * Measured 2026-11-28: the monitor about 10 CPU-seconds (some 20 map frames of ~350 ms each: WebGL
 * in SwiftShader, and a ReadPixels per compositor commit), a list screen about 3 (the app itself).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { SCREENS } from '@agrifleet/domain';
import { startTestConsole } from '../apps/server/test/console.ts';
import { launchChromium } from '../e2e/setup/chromium.ts';
import { storeSignIn } from './browser-kit.ts';
import { processCpuSeconds } from './telemetry-kit.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PHONE = process.env.PHONE ?? '13800000002';
const ONLY = process.env.SCREENS?.split(',');
const [WIDTH = 1440, HEIGHT = 900] = (process.env.VIEWPORT ?? '1440x900').split('x').map(Number);

/** CPU seconds of every Chromium process so far. */
const chromiumSeconds = () => processCpuSeconds((comm) => comm.includes('chrom'));

/** CPU seconds so far of the Chromium processes by --type (browser, renderer, gpu-process, utility). */
function chromiumByType(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).includes('chrom')) continue;
      const f = stat.slice(close + 2).split(' ');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      out[type] = (out[type] ?? 0) + (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

const console_ = await startTestConsole();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, locale: 'zh-CN' });
  await context.addInitScript(() => {
    const w = window as unknown as { __frames: number };
    w.__frames = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => {
      w.__frames++;
      return request(cb);
    };
  });
  const page = await context.newPage();
  const base = console_.baseUrl;
  await storeSignIn(page, base, PHONE);
  const rows: { screen: string; cpuS: number; frames: number; at: string; split: string }[] = [];
  for (const [screen, route] of Object.entries(SCREENS)) {
    if (route.includes(':') || (ONLY && !ONLY.includes(screen))) continue;
    await page.goto(`${base}/login`);
    await page.waitForTimeout(1500);
    const before = chromiumSeconds();
    const beforeByType = chromiumByType();
    await page.goto(`${base}${route}`);
    await page.waitForTimeout(SECONDS * 1000);
    const frames = await page.evaluate(() => (window as unknown as { __frames: number }).__frames);
    const afterByType = chromiumByType();
    const split = Object.entries(afterByType)
      .map(([type, s]) => `${type} ${(s - (beforeByType[type] ?? 0)).toFixed(2)}`)
      .join(', ');
    rows.push({ screen, cpuS: chromiumSeconds() - before, frames, at: new URL(page.url()).pathname, split });
    process.stderr.write(`screen-cpu: ${screen} ${rows.at(-1)?.cpuS} s\n`);
  }
  rows.sort((a, b) => b.cpuS - a.cpuS);
  for (const r of rows)
    process.stdout.write(
      `${r.cpuS.toFixed(2)} cpu-s\t${r.frames} frames\t${r.screen}\t${r.at}\t(${r.split})\n`,
    );
} finally {
  await browser.close();
  await console_.stop();
}
