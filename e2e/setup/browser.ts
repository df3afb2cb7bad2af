/** Browser-test helpers: pages, addresses, test-mode captchas and codes, screenshots. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './chromium.ts';

export const launch = launchChromium;

export const baseUrl = () => inject('baseUrl');
export const port = () => inject('port');

/** A fresh context (own cookies and storage) in a language, at 1440x900. */
export async function newPage(browser: Browser, opts: { language?: string; host?: string } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  if (opts.language) {
    await context.addInitScript((lng) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lng);
    }, opts.language);
  }
  const page = await context.newPage();
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
