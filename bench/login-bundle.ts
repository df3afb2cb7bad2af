/**
 * What the login page costs: starts the real console, opens /login in Chromium and sums the
 * JavaScript (and CSS) it fetched, raw and gzip-compressed (level 9, as the server sends it).
 * Prints JSON. Budget of issue 2: login JavaScript at most 400 KB gzipped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startTestConsole } from '../apps/server/test/console.ts';
import { launchChromium } from '../e2e/setup/chromium.ts';

const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const con = await startTestConsole();
const browser = await launchChromium();
try {
  const results: Record<string, unknown> = {};
  for (const language of ['zh', 'en']) {
    const context = await browser.newContext();
    await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('response', (res) => {
      const u = new URL(res.url());
      if (u.pathname.startsWith('/assets/') && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
    });
    const t0 = Date.now();
    await page.goto(`${con.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('form');
    const loadMs = Date.now() - t0;
    let js = 0;
    let jsGz = 0;
    let css = 0;
    let cssGz = 0;
    for (const f of files) {
      const buf = readFileSync(join(dist, f));
      const gz = gzipSync(buf, { level: 9 }).length;
      if (f.endsWith('.js')) {
        js += buf.length;
        jsGz += gz;
      } else {
        css += buf.length;
        cssGz += gz;
      }
    }
    results[language] = {
      files: files.size,
      jsKB: +(js / 1024).toFixed(1),
      jsGzipKB: +(jsGz / 1024).toFixed(1),
      cssGzipKB: +(cssGz / 1024).toFixed(1),
      cssKB: +(css / 1024).toFixed(1),
      loadMs,
    };
    await context.close();
  }
  console.log(JSON.stringify({ bench: 'login-bundle', budgetJsGzipKB: 400, ...results }, null, 2));
} finally {
  await browser.close();
  await con.stop();
}
