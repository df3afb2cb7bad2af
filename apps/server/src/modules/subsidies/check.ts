/**
 * `npm run subsidy:check`: checks every sealed subsidy (or those named with --id) the way
 * GET .../{subsidyId}/check does (subsidies.seal.ts): the digest recomputed from the stored lines,
 * totals and rate version; every line against the sorties table; the rule run again on the stored
 * evidence; the seal's log row in the hash chain. Exit status 0: all intact; 1: some changed;
 * 2: could not check.
 *
 *   DATABASE_URL=postgres://... npm run subsidy:check [-- --id 12 --id 15]
 *
 * Without DATABASE_URL it starts the console's embedded PostgreSQL on DATA_DIR (stop the console
 * first). `npm run syslog:check` checks the chain itself.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SubsidyCheck } from '@agrifleet/domain';
import type { Db } from '../../platform/db.ts';
import { checkSubsidy } from './subsidies.seal.ts';

/** Checks the sealed subsidies (or `ids`), in id order. */
export async function checkSealed(db: Db, ids: number[] = []): Promise<SubsidyCheck[]> {
  let q = db.selectFrom('subsidies').select('subsidy_id').orderBy('subsidy_id');
  q = ids.length ? q.where('subsidy_id', 'in', ids) : q.where('status', '=', 2);
  const out: SubsidyCheck[] = [];
  for (const r of await q.execute()) {
    const c = await checkSubsidy(db, r.subsidy_id);
    if (c) out.push(c);
  }
  return out;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { id: { type: 'string', multiple: true, default: [] } } });
  const ids = (values.id ?? []).map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--id must be a positive integer');
  const { loadConfig } = await import('../../config.ts');
  const { createDb } = await import('../../platform/db.ts');
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? null
    : await (await import('../../platform/embeddedPostgres.ts')).startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
      });
  const db = createDb(config.databaseUrl ?? (embedded?.url as string), 2);
  const out = (s: string) => process.stdout.write(`${s}\n`);
  try {
    const started = Date.now();
    const checks = await checkSealed(db, ids);
    let bad = 0;
    for (const c of checks) {
      if (c.ok) continue;
      bad++;
      out(
        `subsidy:check: subsidy ${c.subsidyId} ${c.sealed ? 'CHANGED' : 'not sealed'}: ${c.problems.join('; ') || 'no seal'}`,
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    out(`subsidy:check: ${checks.length - bad} of ${checks.length} subsidies intact; ${seconds} s`);
    return bad ? 1 : 0;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`subsidy:check: could not check: ${(err as Error).message}\n`);
      process.exit(2);
    },
  );
}
