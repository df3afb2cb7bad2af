/** One real console (test mode, built web app) for the whole browser-test run. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTestConsole } from '../../apps/server/test/console.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
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
  const console = await startTestConsole();
  project.provide('baseUrl', console.baseUrl);
  project.provide('port', console.port);
  return () => console.stop();
}
