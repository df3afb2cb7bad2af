/**
 * `npm run simulate -- --help` prints its usage and exits 0 (issue 20 #19: it crashed with
 * ERR_PARSE_ARGS_UNKNOWN_OPTION); an unknown option is named, with the usage, and exits 2 — in
 * both cases before it looks for a key or a console.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const simulate = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/sim/cli.ts', ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: '/nonexistent' },
    timeout: 30_000,
  });

describe('npm run simulate', () => {
  it('--help and -h print the usage and exit 0', () => {
    for (const flag of ['--help', '-h']) {
      const r = simulate(flag);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^usage: npm run simulate -- \[options\]/);
      for (const option of [
        '--drones',
        '--url',
        '--mqtt',
        '--key',
        '--vid',
        '--seed',
        '--rate',
        '--commands',
      ])
        expect(r.stdout).toContain(option);
      expect(r.stderr).toBe('');
    }
  }, 60_000);

  it('names an unknown option with the usage and exits 2, without a stack trace', () => {
    const r = simulate('--bogus');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("simulate: Unknown option '--bogus'");
    expect(r.stderr).toContain('usage: npm run simulate');
    expect(r.stderr).not.toContain('ERR_PARSE_ARGS');
  }, 60_000);
});
