/**
 * Collects the console errors and uncaught errors of every page of a browser context, except those a
 * test declared on that page (allowConsoleError) with the reason it expects them.
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

export type ConsoleProblems = string[];

const allowed = new WeakMap<Page, { pattern: RegExp; reason: string }[]>();

/**
 * Declares that `page` is expected to log console errors matching `pattern` (tested against the
 * message text and the address it came from), for a reason the test states: a refusal it provokes
 * on purpose, for instance, which Chromium logs as "Failed to load resource: ... 401".
 */
export function allowConsoleError(page: Page, pattern: RegExp, reason: string) {
  if (!reason.trim()) throw new Error('allowConsoleError needs a reason');
  allowed.set(page, [...(allowed.get(page) ?? []), { pattern, reason }]);
}

function describe(message: ConsoleMessage): string {
  const where = message.location().url;
  return where ? `${message.text()} (${where})` : message.text();
}

export function watchConsole(context: BrowserContext, problems: ConsoleProblems) {
  const watch = (page: Page) => {
    const record = (text: string) => {
      if (!(allowed.get(page) ?? []).some((a) => a.pattern.test(text)))
        problems.push(`${page.url()}: ${text}`);
    };
    page.on('console', (message) => {
      if (message.type() === 'error') record(describe(message));
    });
    page.on('pageerror', (error) => record(`uncaught ${error.name}: ${error.message}`));
  };
  context.on('page', watch);
}
