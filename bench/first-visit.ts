/**
 * First visit of every menu screen (issue 21, point 7: at most 2 s at p95). Starts the test console
 * (test mode, built web app, demo data and a year of history), then for each demo role, in ROUNDS
 * fresh browser contexts, signs in, opens the menu, and clicks each menu screen once in a shuffled
 * order: the first visit of each screen in that context (its code, data and charts). A visit is
 * timed from the click to the page being settled: the address is the screen's, no spinner shows and
 * no API request is in flight, held for QUIET_MS (the figure is the last busy moment, not the end of
 * that wait). Prints JSON: per screen p50/p95/max and the overall p95, and the machine's load.
 *
 *   (cd apps/web && npx vite build --outDir /tmp/dist) &&
 *   WEB_DIST=/tmp/dist TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/first-visit.ts
 *
 * BENCH_ROUNDS (default 3) contexts per role; BENCH_ROLES a comma list of phone numbers (last two
 * digits); BENCH_SCREENS a comma list of screens to visit (default: the whole menu). BENCH_TRACE=1
 * records a Chromium performance trace of each visit and prints where its main-thread time went
 * (script compile and evaluation per file, style, layout, paint), the evidence for point 7.
 */
import { loadavg } from 'node:os';
import { FULL_SCREEN, SCREENS, type Screen } from '@agrifleet/domain';
import type { Browser, Page } from 'playwright-core';
import { hashSeed, mulberry32 } from '../apps/server/src/sim/flight/index.ts';
import { startTestConsole } from '../apps/server/test/console.ts';
import { launchChromium } from '../e2e/setup/chromium.ts';
import { storeSignIn } from './browser-kit.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const QUIET_MS = 500;
const TIMEOUT_MS = 60_000;
const ONLY = process.env.BENCH_SCREENS?.split(',');
const TRACE = process.env.BENCH_TRACE === '1';
const ROLES = (process.env.BENCH_ROLES ?? '01,02,03,04,05,06,07,08,09')
  .split(',')
  .map((n) => `138000000${n}`);

/** In every page: counts API requests in flight and remembers the last busy moment. */
function probe() {
  const w = window as unknown as { __busy: { pending: number; last: number } };
  w.__busy = { pending: 0, last: performance.now() };
  const origFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const u = String(args[0] instanceof Request ? args[0].url : args[0]);
    const api = u.includes('/api/');
    if (api) w.__busy.pending++;
    try {
      return await origFetch(...args);
    } finally {
      if (api) {
        w.__busy.pending--;
        w.__busy.last = performance.now();
      }
    }
  };
  const open = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, ...a: unknown[]) => void;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...a: unknown[]) {
    if (String(a[1]).includes('/api/')) {
      w.__busy.pending++;
      this.addEventListener('loadend', () => {
        w.__busy.pending--;
        w.__busy.last = performance.now();
      });
    }
    open.apply(this, a);
  } as typeof XMLHttpRequest.prototype.open;
}

/**
 * Clicks the menu entry of `screen` and resolves with the milliseconds until the page settled; with
 * `landing`, clicks nothing and times the screen the page opened on from the navigation's start.
 */
async function visit(page: Page, screen: Screen, landing = false): Promise<number> {
  const path = SCREENS[screen];
  return page.evaluate(
    async ({ screen, path, full, landing, quiet, timeout }) => {
      const w = window as unknown as { __busy: { pending: number; last: number } };
      const item = document.querySelector<HTMLElement>(`li.ant-menu-item[data-menu-id$="-${screen}"]`);
      if (!item && !landing) throw new Error(`no menu entry ${screen}`);
      const t0 = landing ? 0 : performance.now();
      if (!landing) item?.click();
      return await new Promise<number>((resolve, reject) => {
        let last = t0;
        const tick = setInterval(() => {
          const now = performance.now();
          // The router renders the new page in a transition: the old page stays on screen while
          // the new one's code loads, so the address alone says nothing. The page is there when the
          // menu (which reads the rendered location) selects it, or, full screen, the menu is gone.
          const shown = landing
            ? true
            : full
              ? document.querySelector('.ant-layout-sider') === null
              : document
                  .querySelector(`li.ant-menu-item[data-menu-id$="-${screen}"]`)
                  ?.classList.contains('ant-menu-item-selected') === true;
          const busy =
            !shown ||
            location.pathname !== path ||
            w.__busy.pending > 0 ||
            document.querySelector('.ant-spin-spinning, .ant-skeleton-active') !== null;
          if (busy) last = now;
          last = Math.max(last, w.__busy.last);
          if (now - last >= quiet) {
            clearInterval(tick);
            resolve(last - t0);
          } else if (now - t0 > timeout) {
            clearInterval(tick);
            reject(new Error(`${screen} not settled after ${timeout} ms (at ${location.pathname})`));
          }
        }, 10);
      });
    },
    { screen, path, full: FULL_SCREEN.includes(screen), landing, quiet: QUIET_MS, timeout: TIMEOUT_MS },
  );
}

/** Opens every submenu of the side menu and lists its screens. */
async function menuScreens(page: Page): Promise<Screen[]> {
  const menu = page.locator('.ant-layout-sider .ant-menu').first();
  await menu.waitFor();
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let i = 0; i < 20 && (await closed.count()) > 0; i++) {
    // A submenu re-rendering under the click (the menu follows the route) is clicked again.
    await closed
      .first()
      .click({ timeout: 5000 })
      .catch(() => {});
    await page.waitForTimeout(250);
  }
  const ids = await menu
    .locator('li.ant-menu-item[data-menu-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id') ?? ''));
  return ids.map((id) => id.split('-').pop() as string).filter((s): s is Screen => s in SCREENS);
}

async function signIn(page: Page, baseUrl: string, phone: string) {
  await storeSignIn(page, baseUrl, phone);
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction(() => location.pathname !== '/', null, { timeout: 30_000 });
}

/** Waits until the page shows the main layout again (after a full-screen page, goes back). */
async function backToLayout(page: Page) {
  if ((await page.locator('.ant-layout-sider .ant-menu').count()) === 0) await page.goBack();
  await page.locator('.ant-layout-sider .ant-menu').first().waitFor();
}

async function role(browser: Browser, baseUrl: string, phone: string, round: number) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(probe);
  const page = await context.newPage();
  const times: { screen: Screen; ms: number }[] = [];
  try {
    await signIn(page, baseUrl, phone);
    // The screen signing in lands on: its first visit is the app's start (from the navigation).
    const home = await page.evaluate(() => location.pathname);
    const first = (Object.keys(SCREENS) as Screen[]).find((s) => SCREENS[s] === home);
    if (first && (!ONLY || ONLY.includes(first)))
      times.push({ screen: first, ms: Math.round(await visit(page, first, true)) });
    // A full-screen landing (the platform's big screen) has no menu: open the account's page.
    if ((await page.locator('.ant-layout-sider').count()) === 0)
      await page.goto(`${baseUrl}${SCREENS.AccountDetail}`);
    const screens = (await menuScreens(page)).filter((s) => s !== first);
    const rng = mulberry32(hashSeed(`${phone}-${round}`));
    const order = screens
      .map((s) => ({ s, k: rng.range(0, 1) }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.s);
    for (const screen of order) {
      if (ONLY && !ONLY.includes(screen)) continue;
      await backToLayout(page);
      await menuScreens(page);
      if (TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const ms = await visit(page, screen).catch((e: Error) => {
        console.error(`${phone}: ${e.message}`);
        return TIMEOUT_MS;
      });
      if (TRACE)
        traces.push({ phone, screen, ms: Math.round(ms), ...mainThread(await browser.stopTracing()) });
      times.push({ screen, ms: Math.round(ms) });
    }
  } finally {
    await context.close();
  }
  return times;
}

const TRACE_CATEGORIES = ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'];
const traces: Record<string, unknown>[] = [];

/** Main-thread time of a trace by kind, and script compile + evaluation by file (top 6). */
function mainThread(buf: Buffer) {
  type Ev = { name: string; ph: string; dur?: number; tid: number; args?: { data?: { url?: string } } };
  const events = (JSON.parse(buf.toString()).traceEvents as Ev[]).filter((e) => e.ph === 'X' && e.dur);
  const main = events.find((e) => e.name === 'EvaluateScript' || e.name === 'FunctionCall')?.tid;
  const ms = (us: number) => Math.round(us / 1000);
  const byKind: Record<string, number> = {};
  const byFile: Record<string, number> = {};
  for (const e of events) {
    if (e.tid !== main) continue;
    const kind =
      e.name === 'RunTask'
        ? 'task'
        : ['v8.compile', 'v8.compileModule', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall'].includes(
              e.name,
            )
          ? e.name
          : [
                'UpdateLayoutTree',
                'RecalculateStyles',
                'Layout',
                'Paint',
                'ParseHTML',
                'MajorGC',
                'MinorGC',
              ].includes(e.name)
            ? e.name
            : null;
    if (kind) byKind[kind] = (byKind[kind] ?? 0) + (e.dur ?? 0);
    const url = e.args?.data?.url;
    if (url && /compile|Evaluate|evaluate/.test(e.name)) {
      const file = url.split('/').pop() ?? url;
      byFile[file] = (byFile[file] ?? 0) + (e.dur ?? 0);
    }
  }
  const top = Object.entries(byFile)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([f, us]) => `${f} ${ms(us)} ms`);
  return {
    mainMs: Object.fromEntries(Object.entries(byKind).map(([k, us]) => [k, ms(us)])),
    scriptByFile: top,
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const load = () => loadavg().map((l) => +l.toFixed(2));
const loadBefore = load();
const con = await startTestConsole();
const browser = await launchChromium();
const samples = new Map<Screen, number[]>();
const slowest: { phone: string; screen: Screen; ms: number }[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const phone of ROLES) {
      for (const { screen, ms } of await role(browser, con.baseUrl, phone, round)) {
        samples.set(screen, [...(samples.get(screen) ?? []), ms]);
        slowest.push({ phone, screen, ms });
      }
    }
  }
} finally {
  await browser.close();
  await con.stop();
}
const all = [...samples.values()].flat().sort((a, b) => a - b);
const perScreen = Object.fromEntries(
  [...samples.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([screen, ms]) => {
      const s = [...ms].sort((a, b) => a - b);
      return [screen, { n: s.length, p50: pct(s, 50), p95: pct(s, 95), max: s[s.length - 1] }];
    }),
);
console.log(
  JSON.stringify(
    {
      bench: 'first-visit',
      rounds: ROUNDS,
      roles: ROLES.length,
      visits: all.length,
      overall: { p50: pct(all, 50), p95: pct(all, 95), max: all[all.length - 1] },
      slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 8),
      perScreen,
      loadavg: { before: loadBefore, after: load() },
      ...(TRACE ? { traces } : {}),
    },
    null,
    2,
  ),
);
