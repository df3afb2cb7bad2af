/**
 * The seal of a paid subsidy: the sha256 of a canonical serialisation of its evidence (every line's
 * evidence, areas, amount and deductions, the totals, the rule version and the rate version's rows),
 * which the seal call's system-log row carries into the log's hash chain (platform/audit.ts). The
 * check recomputes the digest from what is stored, compares every line with the sorties table as it
 * is now and with the rule run again on the stored evidence, and finds the seal's log row with its
 * hash intact. `npm run subsidy:check` (check.ts) runs it over every sealed subsidy.
 */
import { createHash } from 'node:crypto';
import { computeSubsidy, roundMu, type SubsidyCheck } from '@agrifleet/domain';
import { sql } from 'kysely';
import { rowHash } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { type ChainRow, hashedOf } from '../syslog/check.ts';
import type { LineEvidence } from './subsidies.evidence.ts';
import { loadRateVersion } from './subsidies.sources.ts';

function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** Everything the digest covers, as stored. */
export async function sealMaterial(db: Db, subsidyId: number) {
  const s = await db
    .selectFrom('subsidies')
    .selectAll()
    .where('subsidy_id', '=', subsidyId)
    .executeTakeFirst();
  if (!s) return null;
  const lines = await db
    .selectFrom('subsidy_sorties')
    .select([
      'sortie_id',
      'evidence',
      'monitored_mu',
      'qualified_mu',
      'paid_mu',
      'amount_fen',
      'rate_fen',
      'deductions',
    ])
    .where('subsidy_id', '=', subsidyId)
    .orderBy('start_time')
    .orderBy('sortie_id')
    .execute();
  const rate = await loadRateVersion(db, s.rate_version_id);
  return { s, lines, rate };
}

export type SealMaterial = NonNullable<Awaited<ReturnType<typeof sealMaterial>>>;

export function canonicalEvidence(m: SealMaterial): string {
  const { s, lines, rate } = m;
  return JSON.stringify(
    sortedKeys({
      subsidy: {
        subsidyId: s.subsidy_id,
        programme: s.programme_key,
        yyAccountId: s.yy_account_id,
        year: s.year,
        region: s.region_code,
        quotaMu: s.quota_mu,
        ruleVersion: s.rule_version,
      },
      rate: rate && {
        rateVersionId: rate.rateVersionId,
        region: rate.region,
        year: rate.year,
        rows: rate.rows,
        hillRegions: rate.hillRegions,
      },
      lines: lines.map((l) => [
        String(l.sortie_id),
        l.evidence,
        l.monitored_mu,
        l.qualified_mu,
        l.paid_mu,
        String(l.amount_fen),
        l.rate_fen,
        l.deductions,
      ]),
      totals: [s.sortie_count, s.monitored_mu, s.qualified_mu, s.paid_mu, String(s.amount_fen), s.by_reason],
    }),
  );
}

export const digestOf = (m: SealMaterial) => createHash('sha256').update(canonicalEvidence(m)).digest('hex');

/** The check of one subsidy (null: no such subsidy). */
export async function checkSubsidy(db: Db, subsidyId: number): Promise<SubsidyCheck | null> {
  const m = await sealMaterial(db, subsidyId);
  if (!m) return null;
  const { s, lines, rate } = m;
  const problems: string[] = [];
  const recomputed = digestOf(m);
  const sealed = s.status === 2;
  if (sealed && recomputed !== s.digest) problems.push('evidence digest');
  if (!rate) problems.push(`rate version ${s.rate_version_id} missing`);

  // Every line against the sorties table as it is now.
  const ids = lines.map((l) => String(l.sortie_id));
  const now = ids.length
    ? (
        await sql<{ id: string; area_mu: number; volume_l: number; has_track: boolean; start_time: Date }>`
          SELECT s.sortie_id::text AS id, s.area_mu, s.volume_l, s.start_time,
            EXISTS (SELECT 1 FROM sortie_tracks t WHERE t.sortie_id = s.sortie_id) AS has_track
          FROM sorties s WHERE s.sortie_id = ANY(${ids}::bigint[])`.execute(db)
      ).rows
    : [];
  const byId = new Map(now.map((r) => [r.id, r]));
  const evidence: LineEvidence[] = [];
  for (const l of lines) {
    const e = l.evidence as LineEvidence;
    evidence.push(e);
    const id = String(l.sortie_id);
    const cur = byId.get(id);
    if (!cur) {
      problems.push(`sortie ${id} missing`);
      continue;
    }
    if (roundMu(cur.area_mu) !== e.monitoredMu || l.monitored_mu !== e.monitoredMu)
      problems.push(`sortie ${id} area`);
    if (Math.round(cur.volume_l * 1000) / 1000 !== e.volumeL) problems.push(`sortie ${id} volume`);
    if (cur.has_track !== e.hasTrack) problems.push(`sortie ${id} track`);
    if (cur.start_time.getTime() !== e.startMs) problems.push(`sortie ${id} time`);
    if (rate && e.rateVersionId !== rate.rateVersionId) problems.push(`sortie ${id} rate version`);
  }
  // The rule run again on the stored evidence gives the stored figures.
  const f = computeSubsidy(evidence, s.quota_mu);
  const stored = new Map(lines.map((l) => [String(l.sortie_id), l]));
  for (const l of f.lines) {
    const st = stored.get(String(l.sortieId));
    if (
      st &&
      (st.paid_mu !== l.paidMu || st.qualified_mu !== l.qualifiedMu || Number(st.amount_fen) !== l.amountFen)
    )
      problems.push(`sortie ${l.sortieId} figures`);
  }
  if (f.amountFen !== Number(s.amount_fen) || f.paidMu !== s.paid_mu) problems.push('totals');

  const inLog = sealed && s.digest ? await sealInLog(db, subsidyId, s.digest) : false;
  if (sealed && !inLog) problems.push('seal not in the system log');
  const unique = [...new Set(problems)];
  return {
    subsidyId,
    sealed,
    digest: s.digest,
    recomputed,
    inLog,
    ok: sealed ? unique.length === 0 : false,
    problems: unique,
  };
}

/** Whether the seal's log row (detail.digest) is in the chain with its hash intact. */
async function sealInLog(db: Db, subsidyId: number, digest: string): Promise<boolean> {
  const r = (
    await sql<ChainRow & { hash: string }>`
      SELECT id::text AS id, created_at, account_id, user_id, account_name, user_name, log_type, action,
        method, path, target, result, ip, detail, prev_hash, hash
      FROM system_logs
      WHERE detail->>'digest' = ${digest} AND detail->>'subsidyId' = ${String(subsidyId)}
        AND result = 200 AND hash IS NOT NULL
      ORDER BY id DESC LIMIT 1`.execute(db)
  ).rows[0];
  if (!r) return false;

  if (rowHash(r.prev_hash, hashedOf(r)) !== r.hash) return false;
  // Linked to the row before it in the chain.
  const prev = (
    await sql<{ hash: string | null }>`
      SELECT hash FROM system_logs WHERE id < ${r.id}::bigint AND hash IS NOT NULL ORDER BY id DESC LIMIT 1`.execute(
      db,
    )
  ).rows[0];
  return (prev?.hash ?? null) === r.prev_hash;
}
