/**
 * The committed lock is what `npm install` writes: a fresh clone stays clean after the README's
 * commands, `npm ci` accepts it, and no installed package asks for a newer Node than `engines` says.
 * npm resolves the lock again in a scratch copy of the manifests (the cache filled by the install
 * that ran before the tests answers; no package is downloaded or unpacked).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

const scratch = mkdtempSync(join(tmpdir(), 'agrifleet-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function copyManifests() {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const file of [
    'package.json',
    'package-lock.json',
    ...root.workspaces.map((w) => `${w}/package.json`),
  ]) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(scratch, file));
  }
}

describe('package-lock.json', () => {
  it('is exactly what npm install writes, with no engine mismatch', () => {
    copyManifests();
    const run = spawnSync(
      'npm',
      ['install', '--package-lock-only', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(run.status, run.stderr).toBe(0);
    const rewritten = readFileSync(join(scratch, 'package-lock.json'), 'utf8');
    expect(rewritten === readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')).toBe(true);
    expect(run.stdout + run.stderr).not.toMatch(/EBADENGINE/);
  }, 120_000);

  it('names every package that asks for a Node newer than engines.node', () => {
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string }; optional?: boolean; os?: string[] }>;
    };
    // Every engines range in the tree is one of these shapes; a bare ">=N" above 20 is a mismatch.
    const tooNew = Object.entries(lock.packages)
      .filter(([, p]) => /^>=\s*(2[1-9]|[3-9]\d)/.test(p.engines?.node ?? ''))
      .map(([name, p]) => `${name} ${p.engines?.node}`);
    expect(tooNew).toEqual([]);
  });
});
