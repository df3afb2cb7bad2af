/**
 * The walk of issue 21: every demo role (13800000001..09) signs in and opens, as a person does, every
 * screen its menu offers (a click on the menu entry), plus the drone detail from the drone list. On
 * each screen: every /api/ response of its load is 2xx, no console error or uncaught page error, no
 * error toast, no raw i18n key. At 1600 x 900 in a browser whose time zone is UTC, in zh (and en with
 * WALK_LANGUAGES=zh,en); each screen's first-visit time is printed (never asserted: bench/ measures
 * speed). Known problems of screens other helpers own are listed in KNOWN_PROBLEMS with their
 * reason, for the lead to empty once they are fixed.
 *
 * Also here: each role's home page and, in zh, what its menu must and must not show (setup/menus.ts);
 * the government watches group control (its drones listed, no command controls, the reason shown);
 * and every screen opened from the menu starts at the top of the content.
 */
import { FULL_SCREEN, SCREENS, type Screen } from '@agrifleet/domain';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuTexts, signInByApi } from './setup/app.ts';
import { launch, newPage, screenshot, url } from './setup/browser.ts';
import { MENUS } from './setup/menus.ts';

type Check = 'api' | 'console' | 'toast' | 'key';

interface KnownProblem {
  /** Demo phone numbers it shows for; every role when absent. */
  roles?: readonly string[];
  /** The screen it shows on; every screen when absent. */
  screen?: Screen;
  check: Check;
  /** Matched against the failure's text (the call and status, the console text, the toast, the key). */
  match: RegExp;
  /** Who owns the fix (the helper's area) and what it is. */
  reason: string;
}

/**
 * Problems the walk found in areas other helpers own; each entry excuses only the failures it matches.
 * Empty it as they are fixed: the walk then checks those screens fully again.
 */
const KNOWN_PROBLEMS: readonly KnownProblem[] = [];

const ROLES = [
  '13800000001',
  '13800000002',
  '13800000003',
  '13800000004',
  '13800000005',
  '13800000006',
  '13800000007',
  '13800000008',
  '13800000009',
] as const;

/** A screen is settled once no /api/ call has been open for this long (and no spinner spins). */
const QUIET_MS = 400;
const SETTLE_LIMIT_MS = 15_000;

const ERROR_TOAST = '.ant-message-error, .ant-notification-notice-error';

/** The screen whose route matches a pathname. */
function screenOf(pathname: string): Screen | null {
  for (const [screen, pattern] of Object.entries(SCREENS)) {
    const re = new RegExp(`^${pattern.replace(/[.~]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
    if (re.test(pathname)) return screen as Screen;
  }
  return null;
}

interface Failure {
  screen: string;
  check: Check;
  text: string;
}

/** What one page does while the walk visits its screens: open calls, answers, console, toasts. */
function watch(page: Page) {
  let open = 0;
  let lastChange = Date.now();
  const api = (u: string) => new URL(u).pathname.startsWith('/api/');
  const current: Omit<Failure, 'screen'>[] = [];
  // Every request of the page counts (script chunks, styles, the basemap's files), not only /api/ calls.
  const counted = (r: Request) => !['websocket', 'eventsource'].includes(r.resourceType());
  page.on('request', (r) => {
    if (!counted(r)) return;
    open++;
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (!counted(r)) return;
    open = Math.max(0, open - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (r) => {
    const s = r.status();
    if (api(r.url()) && (s < 200 || s > 299) && s !== 304) {
      const u = new URL(r.url());
      current.push({ check: 'api', text: `${r.request().method()} ${u.pathname}${u.search} -> ${s}` });
    }
  });
  page.on('console', (m) => {
    if (m.type() === 'error') current.push({ check: 'console', text: m.text() });
  });
  page.on('pageerror', (e) => current.push({ check: 'console', text: `uncaught ${e.name}: ${e.message}` }));
  return {
    /** Takes the problems seen since the last call. */
    take: () => current.splice(0),
    /**
     * Waits until no request has been open for QUIET_MS and no spinner spins; the time from `since`
     * to the last request's end (null: not settled within SETTLE_LIMIT_MS).
     */
    async settled(since: number): Promise<number | null> {
      while (Date.now() - since < SETTLE_LIMIT_MS) {
        const last = Math.max(lastChange, since);
        if (open === 0 && Date.now() - last >= QUIET_MS) {
          const spinning = await page.locator('.ant-spin-spinning, .ant-skeleton-active').count();
          if (spinning === 0 && open === 0 && Math.max(lastChange, since) === last) return last - since;
        }
        await page.waitForTimeout(100);
      }
      return null;
    },
  };
}

/** Records every error toast that appears (they fade out after a few seconds). */
async function recordToasts(page: Page) {
  await page.addInitScript((selector) => {
    const w = window as Window & { __walkToasts?: string[] };
    w.__walkToasts = [];
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll(selector)))
        if (!seen.has(el)) {
          seen.add(el);
          w.__walkToasts?.push((el.textContent ?? '').trim());
        }
    }).observe(document, { childList: true, subtree: true });
  }, ERROR_TOAST);
}
const takeToasts = (page: Page) =>
  page.evaluate(() => {
    const w = window as Window & { __walkToasts?: string[] };
    return (w.__walkToasts ?? []).splice(0);
  });

function known(phone: string, f: Failure): KnownProblem | undefined {
  return KNOWN_PROBLEMS.find(
    (k) =>
      k.check === f.check &&
      (!k.roles || k.roles.includes(phone)) &&
      (!k.screen || k.screen === f.screen) &&
      k.match.test(f.text),
  );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** The screens of the side menu, in its order (every submenu opened). */
async function menuScreens(page: Page): Promise<Screen[]> {
  const menu = page.locator('.ant-layout-sider .ant-menu').first();
  await menu.waitFor();
  const titles = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let n = await titles.count(); n > 0; n--) await titles.nth(n - 1).click();
  await expect.poll(() => titles.count(), { timeout: 5_000 }).toBe(0);
  const ids = await menu
    .locator('li.ant-menu-item[data-menu-id]')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-menu-id') ?? ''));
  const names = Object.keys(SCREENS) as Screen[];
  return ids.flatMap((id) => names.filter((s) => id.endsWith(`-${s}`)));
}

/** Walks one role in one language; answers the failures (known problems left out) and the visits. */
async function walk(phone: string, language: 'zh' | 'en') {
  // As the issue walked: 1600 x 900, a browser in UTC. The walk's own context: it names each console
  // error with its screen itself (and excuses only KNOWN_PROBLEMS).
  const context = await browser.newContext({
    viewport: { width: 1600, height: 900 },
    locale: language === 'zh' ? 'zh-CN' : 'en-US',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  await recordToasts(page);
  const w = watch(page);
  const failures: Failure[] = [];
  const excused: string[] = [];
  let keysBefore = 0;
  const t0 = Date.now();
  const check = async (screen: string, started: number) => {
    const ms = await w.settled(started);
    const settledAt = Date.now() - started;
    const found: Failure[] = w.take().map((p) => ({ screen, ...p }));
    // The error toasts since the last check and the missing keys so far, in one call to the page.
    const { toasts, keys } = await page.evaluate(() => {
      const w = window as Window & { __walkToasts?: string[]; __i18nMissing?: string[] };
      return { toasts: (w.__walkToasts ?? []).splice(0), keys: w.__i18nMissing ?? [] };
    });
    for (const text of toasts) found.push({ screen, check: 'toast', text });
    for (const key of keys.slice(keysBefore)) found.push({ screen, check: 'key', text: key });
    keysBefore = keys.length;
    for (const f of found) {
      const k = known(phone, f);
      if (k) excused.push(`${f.screen} ${f.check}: ${f.text} (known: ${k.reason})`);
      else failures.push(f);
    }
    const first = ms === null ? `not settled in ${SETTLE_LIMIT_MS}` : ms;
    console.log(
      `walk ${language} ${phone} ${screen}: first visit ${first} ms (settled ${settledAt}, checked ${Date.now() - started}, at ${Date.now() - t0})`,
    );
    return ms;
  };

  await signInByApi(page, phone);
  await page.evaluate((lng) => localStorage.setItem('language', lng), language);
  w.take();
  await takeToasts(page);
  // Signed in: the console opens the role's home screen.
  let started = Date.now();
  await page.goto(url('/'));
  await page.waitForURL((u) => u.pathname !== '/' && u.pathname !== '/login');
  const roleMenu = MENUS.find((m) => m.phone === phone);
  if (roleMenu) expect(page.url(), `${roleMenu.role}: home page`).toMatch(roleMenu.home);
  const home = screenOf(new URL(page.url()).pathname) ?? new URL(page.url()).pathname;
  await check(`${home} (home)`, started);
  if ((await page.locator('.ant-layout-sider').count()) === 0) {
    // A full-screen home (the platform's stat screen): the monitor has the menu.
    started = Date.now();
    await page.goto(url(SCREENS.MonitorView));
    await check('MonitorView (by address)', started);
  }
  const inMenu = await menuScreens(page);
  expect(inMenu.length).toBeGreaterThan(0);
  if (roleMenu && language === 'zh') {
    const labels = await menuTexts(page);
    for (const label of roleMenu.has) expect(labels, `${roleMenu.role} should see ${label}`).toContain(label);
    for (const label of roleMenu.lacks)
      expect(labels, `${roleMenu.role} should not see ${label}`).not.toContain(label);
    await screenshot(page, `menu-${phone}`);
  }
  // Full-screen screens (no menu to come back with) last; the home screen was visited already.
  const full = (s: Screen) => (FULL_SCREEN as readonly Screen[]).includes(s);
  const screens = [...inMenu.filter((s) => !full(s)), ...inMenu.filter(full)].filter((s) => s !== home);
  const visited: string[] = [home];
  for (const screen of screens) {
    const path = SCREENS[screen];
    if (new URL(page.url()).pathname === path) continue;
    const item = page.locator(`.ant-layout-sider li.ant-menu-item[data-menu-id$="-${screen}"]`);
    if (!(await item.isVisible())) await menuScreens(page);
    started = Date.now();
    await item.click();
    await page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
    await check(screen, started);
    visited.push(screen);
    if (screen === 'GroupControl' && phone === '13800000002') await governmentWatches(page, language);
    if (screen === 'DroneList') {
      const open = page.locator('[data-testid="list-drones"] [data-testid="row-open"]').first();
      if ((await open.count()) > 0) {
        started = Date.now();
        await open.click();
        await page.waitForURL((u) => screenOf(u.pathname) === 'DroneDetail', { timeout: 15_000 });
        await check('DroneDetail', started);
        visited.push('DroneDetail');
      }
    }
    // A full-screen screen has no menu: back to the last screen with one.
    if (full(screen) && screen !== screens.at(-1)) {
      await page.goBack();
      await page.locator('.ant-layout-sider').waitFor();
      await w.settled(Date.now());
      w.take();
      await takeToasts(page);
    }
  }
  await context.close();
  return { failures, excused, visited };
}

/** 13800000002 on group control: its region's drones, watch only, the reason shown, no commands. */
async function governmentWatches(page: Page, language: 'zh' | 'en') {
  const note = page.getByTestId('control-watch-only');
  await note.waitFor();
  expect(await note.textContent()).toContain(language === 'zh' ? '政府账号' : 'government account');
  await expect
    .poll(() => page.locator('[data-testid="control-drones"] .ant-table-row').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await page.getByTestId('control-actions').count()).toBe(0);
  expect(await page.getByTestId('route-picker').count()).toBe(0);
  expect(await page.locator('[data-testid="control-drones"] .ant-checkbox').count()).toBe(0);
  await screenshot(page, `walk-group-control-government-${language}`);
}

const report = (phone: string, failures: Failure[]) =>
  failures.map((f) => `${phone} ${f.screen} ${f.check}: ${f.text}`);

/**
 * The languages walked: zh by default; `WALK_LANGUAGES=zh,en` walks en as well. Measured on the
 * shared 2-core machine (load average about 20): zh 6.4 min, en 4.3 min, plus about 1 min to start
 * the console.
 */
const LANGUAGES = (process.env.WALK_LANGUAGES ?? 'zh')
  .split(',')
  .map((l) => l.trim())
  .filter((l): l is 'zh' | 'en' => l === 'zh' || l === 'en');

describe('every role walks every screen of its menu', () => {
  for (const language of LANGUAGES)
    for (const phone of ROLES)
      it(`${phone} in ${language}`, { timeout: 300_000 }, async () => {
        const t0 = Date.now();
        const { failures, excused, visited } = await walk(phone, language);
        console.log(
          `walk ${language} ${phone}: ${visited.length} screens in ${Date.now() - t0} ms${
            excused.length ? `; known problems: ${excused.length}\n  ${excused.join('\n  ')}` : ''
          }`,
        );
        expect(report(phone, failures)).toEqual([]);
      });
});

describe('scroll position', () => {
  it('a screen opened from the menu starts at the top; Back returns to where the list was', async () => {
    const { context, page } = await newPage(browser);
    await signInByApi(page, '13800000002');
    await page.goto(url(SCREENS.DroneList));
    const content = page.locator('.app-content');
    await page.locator('[data-testid="list-drones"] .ant-table-row').first().waitFor();
    await expect
      .poll(() => content.evaluate((el) => el.scrollHeight - el.clientHeight), { timeout: 15_000 })
      .toBeGreaterThan(200);
    await content.evaluate((el) => el.scrollTo(0, 200));
    await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(200);
    await page.locator('.ant-layout-sider li.ant-menu-item[data-menu-id$="-GroupControl"]').click();
    await page.waitForURL((u) => u.pathname === SCREENS.GroupControl);
    await page.getByTestId('control-panel').waitFor();
    expect(await content.evaluate((el) => el.scrollTop)).toBe(0);
    // The title is in view, under the header.
    const box = await page.locator('[data-testid="control-panel"] h2').boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(80);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === SCREENS.DroneList);
    await expect.poll(() => content.evaluate((el) => el.scrollTop), { timeout: 10_000 }).toBe(200);
    await context.close();
  });
});
