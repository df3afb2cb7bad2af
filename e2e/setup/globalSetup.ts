/**
 * Real consoles (test mode, built web app) for the browser-test run: one per vitest worker, each
 * with its own database, so two test files run at once without seeing each other's data
 * (E2E_WORKERS, default 1: setup/workers.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTestConsole } from '../../apps/server/test/console.ts';
import { e2eWorkers } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One console per worker; a file uses the one of its worker (setup/browser.ts). */
    consolePorts: number[];
  }
}

/**
 * The web app under test is a production build (its build.json says so, apps/web/vite.config.ts):
 * a development build runs React's development runtime and antd's dev-only warnings, and is not what
 * `npm start` serves (issue 21, point 8).
 */
function assertProductionBuild() {
  const dist = process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
  let record: { production?: boolean } = {};
  try {
    record = JSON.parse(readFileSync(`${dist}/build.json`, 'utf8'));
  } catch {}
  if (record.production !== true)
    throw new Error(
      `${dist} is not a production build of the web app (no build.json saying so): build it with \`npm run build\` or \`npx vite build --outDir ...\` in apps/web`,
    );
}

export default async function setup(project: TestProject) {
  assertProductionBuild();
  const started = await Promise.allSettled(Array.from({ length: e2eWorkers() }, () => startTestConsole()));
  const consoles = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(consoles.map((c) => c.stop()));
    throw failed.reason;
  }
  project.provide(
    'consolePorts',
    consoles.map((c) => c.port),
  );
  return async () => {
    await Promise.all(consoles.map((c) => c.stop()));
  };
}
