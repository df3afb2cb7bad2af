/** Browser-test helpers: pages, addresses, test-mode captchas and codes, screenshots. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject, type TestContext } from 'vitest';
import { launchChromium } from './chromium.ts';
import { type ConsoleProblems, watchConsole } from './consoleGuard.ts';

export const launch = launchChromium;

export { allowConsoleError } from './consoleGuard.ts';

/**
 * Every console error and uncaught page error of a page made here fails the test it happened in
 * (or the first test after it, for errors in a beforeAll; afterAll for the rest): issue 21, point 8.
 * A test that provokes one on purpose declares it on its page with allowConsoleError and a reason.
 * The hooks that check it are registered for every test file by setup/perFile.ts (the config's
 * setupFiles: with isolation off, this module is loaded once for all the files of a worker).
 */
const problems: ConsoleProblems = [];
export const assertNoConsoleErrors = () => {
  const seen = problems.splice(0);
  if (seen.length > 0)
    throw new Error(
      `console errors in the browser (${seen.length}):\n${seen.map((p) => `  ${p}`).join('\n')}`,
    );
};

/**
 * The pages still open when a test fails are photographed into test-results/failures/, so a
 * failure on a loaded or remote machine shows what the person would have seen.
 */
const openPages = new Set<Page>();
export async function photographFailure(ctx: TestContext) {
  if (ctx.task.result?.state !== 'fail') return;
  const dir = fileURLToPath(new URL('../../test-results/failures/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const name = ctx.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
  let i = 0;
  for (const page of openPages) {
    if (page.isClosed()) continue;
    const path = join(dir, `${name}-${i++}.png`);
    await page.screenshot({ path, timeout: 10_000 }).then(
      () => process.stderr.write(`failure screenshot: ${path}\n`),
      () => undefined,
    );
  }
}

/** The port of this worker's console (VITEST_POOL_ID counts workers from 1). */
export const port = () => {
  const ports = inject('consolePorts');
  return ports[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % ports.length];
};

/** A fresh context (own cookies and storage) in a language, at 1440x900. */
export async function newPage(browser: Browser, opts: { language?: string; host?: string } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  watchConsole(context, problems);
  if (opts.language) {
    await context.addInitScript((lng) => {
      // Also runs in the new page's about:blank, whose localStorage throws (a page error).
      if (location.origin === 'null') return;
      if (!localStorage.getItem('language')) localStorage.setItem('language', lng);
    }, opts.language);
  }
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page };
}

export function url(path: string, host = 'localhost') {
  return `http://${host}:${port()}${path}`;
}

/** The captcha bound to this page's cookies, read through the test-mode route. */
export async function captchaAnswer(page: Page): Promise<string> {
  // The image element is there before its answer (and so its cookie) has arrived: reading the
  // cookie's captcha then gets a 404 (failed CI once, in a fresh browser context).
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('img[src*="getVerify"]')).some(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
  const res = await page.context().request.get(url('/api/__test/captcha'));
  if (!res.ok()) throw new Error(`no captcha: ${res.status()}`);
  return (await res.json()).answer;
}

/** The last code sent to a target ("86-13800000001" or an e-mail). */
export async function lastCode(page: Page, target: string): Promise<string> {
  const res = await page.context().request.get(url(`/api/__test/code?target=${encodeURIComponent(target)}`));
  if (!res.ok()) throw new Error(`no code for ${target}: ${res.status()}`);
  return (await res.json()).code;
}

export async function screenshot(page: Page, name: string) {
  const dir = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
