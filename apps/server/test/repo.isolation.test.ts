/**
 * The server's test files share their workers' module instances (vitest.config.ts: isolate false,
 * so the app is imported once per worker, not once per file). A module mock in one file would then
 * reach the files after it in the same worker: none may mock a module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('server tests without isolation', () => {
  it('mock no module (a mock would leak into the next files of the worker)', () => {
    const mock = new RegExp(['vi', '\\.(do)?', 'mock\\('].join(''), 'i');
    const server = join(REPO_ROOT, 'apps/server');
    const offenders = [...files(join(server, 'test')), ...files(join(server, 'src'))].filter((f) =>
      mock.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
