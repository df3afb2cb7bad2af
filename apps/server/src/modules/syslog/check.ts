/**
 * `npm run syslog:check`: walks the system log's hash chain (platform/audit.ts) and reports the
 * first broken link. Exit status 0: intact; 1: broken; 2: could not check (no database).
 *
 *   DATABASE_URL=postgres://... npm run syslog:check [-- --batch 5000]
 *
 * Without DATABASE_URL it starts the console's embedded PostgreSQL on DATA_DIR (stop the console
 * first: one process runs that folder's database). Rows with hash NULL (written before migration
 * 0020, or seeded in bulk) are outside the chain. It walks the whole chain and names every break
 * (up to MAX_BREAKS), in id order:
 *
 * - altered: a row whose content no longer gives its stored hash (any field changed by SQL);
 * - deleted: a row whose prev_hash is not the hash of the chained row before it (rows between were
 *   deleted, or their hash set to NULL), or a first chained row with a prev_hash (the start deleted);
 * - inserted: a row added by hand breaks one of the two above (it cannot know the next row's link).
 *
 * Deleting the newest rows leaves a shorter chain that is still whole: the check prints the head
 * (last id and hash); keep it elsewhere and compare (`--head <id>:<hash>` checks it is still there).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type HashedRow, rowHash } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';

export type ChainProblem = 'altered' | 'deleted';

export interface ChainReport {
  ok: boolean;
  /** Chained rows walked. */
  rows: number;
  /** The last chained row reached (the head when intact). */
  headId: number | null;
  headHash: string | null;
  /** The first broken link. */
  broken: ChainBreak | null;
  /** Every broken link found, in id order (at most MAX_BREAKS). */
  breaks: ChainBreak[];
  /** Breaks beyond MAX_BREAKS, counted only. */
  moreBreaks: number;
}

export interface ChainBreak {
  id: number;
  problem: ChainProblem;
  prevId: number | null;
  detail: string;
}

/** The most breaks a report lists (a wholesale rewrite of the table would list them all). */
export const MAX_BREAKS = 1000;

/** A system_logs row as the chain check reads it (also the subsidy seal's check). */
export interface ChainRow {
  id: string;
  created_at: Date;
  account_id: number | null;
  user_id: number | null;
  account_name: string | null;
  user_name: string | null;
  log_type: number;
  action: string;
  method: string | null;
  path: string | null;
  target: string | null;
  result: number | null;
  ip: string | null;
  detail: unknown;
  prev_hash: string | null;
  hash: string;
}

/** The fields of a row its hash covers. */
export const hashedOf = (r: ChainRow): HashedRow => ({
  id: r.id,
  createdAt: r.created_at,
  accountId: r.account_id,
  userId: r.user_id,
  accountName: r.account_name,
  userName: r.user_name,
  logType: r.log_type,
  action: r.action,
  method: r.method,
  path: r.path,
  target: r.target,
  result: r.result,
  ip: r.ip,
  detail: r.detail,
});

/** Walks the whole chain in id order, `batch` rows a query, and names every broken link. */
export async function walkChain(
  db: Db,
  o: { batch?: number; onProgress?: (rows: number, lastId: number) => void } = {},
): Promise<ChainReport> {
  const batch = o.batch ?? 5000;
  let rows = 0;
  let prevId: number | null = null;
  let prevHash: string | null = null;
  let after = '0';
  const breaks: ChainBreak[] = [];
  let moreBreaks = 0;
  const report = (b: ChainBreak) => {
    if (breaks.length < MAX_BREAKS) breaks.push(b);
    else moreBreaks += 1;
  };
  for (;;) {
    const page = await sql<ChainRow>`
      SELECT id::text AS id, created_at, account_id, user_id, account_name, user_name, log_type, action,
             method, path, target, result, ip, detail, prev_hash, hash
      FROM system_logs WHERE hash IS NOT NULL AND id > ${after}::bigint
      ORDER BY system_logs.id LIMIT ${batch}`.execute(db);
    for (const r of page.rows) {
      const id = Number(r.id);
      if (r.prev_hash !== prevHash)
        report({
          id,
          problem: 'deleted',
          prevId,
          detail:
            prevId === null
              ? `the first chained row names a previous hash ${r.prev_hash}: rows before it were deleted`
              : `prev_hash ${r.prev_hash ?? 'NULL'} is not the hash of row ${prevId} (${prevHash}): rows between were deleted or inserted`,
        });
      const expected = rowHash(r.prev_hash, hashedOf(r));
      if (expected !== r.hash)
        report({
          id,
          problem: 'altered',
          prevId,
          detail: `content gives hash ${expected}, stored ${r.hash}`,
        });
      // The walk goes on from the stored hash, so each later break is named on its own.
      rows += 1;
      prevId = id;
      prevHash = r.hash;
    }
    if (page.rows.length < batch) break;
    after = (page.rows[page.rows.length - 1] as ChainRow).id;
    o.onProgress?.(rows, prevId as number);
  }
  const ok = breaks.length === 0;
  return { ok, rows, headId: prevId, headHash: prevHash, broken: breaks[0] ?? null, breaks, moreBreaks };
}

/** Whether a head recorded earlier (`id:hash`) is still the hash of that row of the chain. */
export async function headStillThere(db: Db, head: string): Promise<boolean> {
  const [id, hash] = head.split(':');
  const row = await db
    .selectFrom('system_logs')
    .select('hash')
    .where('id', '=', Number(id))
    .executeTakeFirst();
  return row?.hash === hash;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { batch: { type: 'string', default: '5000' }, head: { type: 'string' } },
  });
  const batch = Number(values.batch);
  if (!Number.isInteger(batch) || batch < 1) throw new Error('--batch must be a positive integer');
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
  const started = Date.now();
  try {
    const total = await db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('hash', 'is not', null)
      .executeTakeFirstOrThrow();
    const out = (s: string) => process.stdout.write(`${s}\n`);
    out(`syslog:check: ${total.n} chained rows`);
    let lastShown = Date.now();
    const report = await walkChain(db, {
      batch,
      onProgress: (rows, lastId) => {
        if (Date.now() - lastShown < 2000) return;
        lastShown = Date.now();
        out(`syslog:check: ${rows} of ${total.n} rows checked (id ${lastId})`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (!report.ok) {
      for (const b of report.breaks) out(`syslog:check: BROKEN at row ${b.id} (${b.problem}): ${b.detail}`);
      if (report.moreBreaks) out(`syslog:check: and ${report.moreBreaks} more broken links`);
      const n = report.breaks.length + report.moreBreaks;
      out(
        `syslog:check: ${n} broken link${n === 1 ? '' : 's'} in ${report.rows} rows (first at row ${report.broken?.id}); ${seconds} s`,
      );
      return 1;
    }
    out(
      `syslog:check: intact, ${report.rows} rows in ${seconds} s; head ${report.headId}:${report.headHash}`,
    );
    if (values.head && !(await headStillThere(db, values.head))) {
      out(`syslog:check: BROKEN: the recorded head ${values.head} is gone (newest rows deleted or altered)`);
      return 1;
    }
    return 0;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`syslog:check: could not check: ${(err as Error).message}\n`);
      process.exit(2);
    },
  );
}
