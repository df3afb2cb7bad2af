/** One real console (test mode, built web app) for the whole browser-test run. */
import type { TestProject } from 'vitest/node';
import { startTestConsole } from '../../apps/server/test/console.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}

export default async function setup(project: TestProject) {
  const console = await startTestConsole();
  project.provide('baseUrl', console.baseUrl);
  project.provide('port', console.port);
  return () => console.stop();
}
