/**
 * The accessory whitelist upload bench (issue 23 point 4): 100,000 ids in one .txt, then 100,000 in
 * one .xlsx, through the real route (app.inject, POST /api/device/deviceWhite as a manufacturer),
 * each inserted in one transaction (unnest arrays, ON CONFLICT DO NOTHING). Prints JSON
 * {txt: {ids, added, bytes, ms}, xlsx: {...}}; target <= 5,000 ms each.
 * The measurement is apps/server/test/whitelist.bench.test.ts (the test app needs vitest's setup).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/whitelist-upload.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = join(tmpdir(), `whitelist-bench-${process.pid}.json`);

const r = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'test/whitelist.bench.test.ts', '--silent=false'],
  { env: { ...process.env, WHITELIST_BENCH: '1', WHITELIST_BENCH_OUT: out }, encoding: 'utf8' },
);
let line = '';
try {
  line = readFileSync(out, 'utf8');
  rmSync(out);
} catch {}
if (!line || r.status !== 0) {
  process.stderr.write(`${r.stdout}\n${r.stderr}`);
  process.exit(1);
}
console.log(line);
