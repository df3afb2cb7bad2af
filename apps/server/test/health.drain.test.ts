/**
 * Draining on SIGTERM (main.ts `stop`; docs/operations.md "Metrics and health") in the real console,
 * a child process: readiness turns 503 at once while the process keeps serving for DRAIN_SECONDS
 * (liveness, the API), then it stops as before and exits 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleSite, consoleSite, startChildConsole } from './childConsole.ts';

const DRAIN_SECONDS = 3;
let site: ConsoleSite;
beforeAll(async () => {
  site = await consoleSite('drain');
});
afterAll(async () => {
  await site?.dispose();
});

describe('SIGTERM', () => {
  it('turns readiness to 503, serves through the drain, then stops', async () => {
    const c = await startChildConsole({
      databaseUrl: site.databaseUrl,
      port: site.port,
      dataDir: site.dataDir,
      jwtSecret: 'drain-secret-drain-secret-drain-secret',
      env: { DRAIN_SECONDS: String(DRAIN_SECONDS), LOG_LEVEL: 'info' },
    });
    const base = `http://127.0.0.1:${site.port}`;
    const status = async (path: string) => (await fetch(`${base}${path}`)).status;
    try {
      expect(await status('/api/health/ready')).toBe(200);
      const exited = new Promise<number | null>((resolve) => c.proc.once('exit', (code) => resolve(code)));
      const signalled = Date.now();
      c.proc.kill('SIGTERM');
      let ready = 200;
      for (let i = 0; i < 20 && ready === 200; i++) {
        ready = await status('/api/health/ready');
        if (ready === 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(ready).toBe(503);
      expect(Date.now() - signalled).toBeLessThan(1_500);
      // Still serving, well into the drain.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await status('/api/health/live')).toBe(200);
      expect(await status('/api/health')).toBe(200);
      expect(await status('/api/system/host-profile')).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
      expect(c.output()).toContain('draining: readiness answers 503');
      expect(c.output()).toMatch(/"msg":"stopped"/);
    } finally {
      if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    }
  }, 90_000);
});
