/**
 * Writing a subsidy: its row (upserted on the unique programme key and operator, only while
 * unsealed) and its evidence lines, from the evidence and the rule's figures. Also the recompute of
 * an unsealed subsidy from its stored evidence (after a spot-check outcome).
 */
import { computeSubsidy, type SubsidyFigures } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { LineEvidence } from './subsidies.evidence.ts';
import type { Programme } from './subsidies.sources.ts';

const CHUNK = 5000;
/** JSON documents as one text, split again by string_to_array(..., chr(30)). */
const joined = (docs: string[]) => docs.join('\x1e');

export interface SubsidyHead {
  programme: Programme;
  yyAccountId: number;
  rateVersionId: number;
  quotaMu: number | null;
  ruleVersion: string;
}

/** Upserts the subsidy (unsealed only) and replaces its lines; null when it is sealed. */
export async function writeSubsidy(
  db: Db,
  head: SubsidyHead,
  evidence: readonly LineEvidence[],
  figures: SubsidyFigures,
): Promise<number | null> {
  const p = head.programme;
  const values = {
    programme_key: p.key,
    tftz_id: p.tftzId,
    tftz_name: p.tftzName,
    region_code: p.region,
    year: p.year,
    yy_account_id: head.yyAccountId,
    rate_version_id: head.rateVersionId,
    quota_mu: head.quotaMu,
    rule_version: head.ruleVersion,
    ...totals(evidence, figures),
    computed_at: new Date(),
  };
  const row = await db
    .insertInto('subsidies')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['programme_key', 'yy_account_id']).doUpdateSet(values).where('subsidies.status', '=', 1),
    )
    .returning('subsidy_id')
    .executeTakeFirst();
  if (!row) return null;
  await replaceLines(db, row.subsidy_id, evidence, figures);
  return row.subsidy_id;
}

function totals(evidence: readonly LineEvidence[], f: SubsidyFigures) {
  return {
    sortie_count: evidence.length,
    monitored_mu: f.monitoredMu,
    qualified_mu: f.qualifiedMu,
    paid_mu: f.paidMu,
    amount_fen: f.amountFen,
    by_reason: JSON.stringify(f.byReason),
  };
}

async function replaceLines(
  db: Db,
  subsidyId: number,
  evidence: readonly LineEvidence[],
  f: SubsidyFigures,
): Promise<void> {
  await db.deleteFrom('subsidy_sorties').where('subsidy_id', '=', subsidyId).execute();
  const byId = new Map(evidence.map((e) => [e.sortieId, e]));
  const rows = f.lines.map((l) => {
    const e = byId.get(l.sortieId) as LineEvidence;
    return {
      sortie_id: l.sortieId,
      start_time: new Date(e.startMs),
      drone_id: e.droneId,
      zz_account_id: e.zzAccountId,
      region_code: e.region,
      evidence: JSON.stringify(e),
      monitored_mu: l.monitoredMu,
      qualified_mu: l.qualifiedMu,
      paid_mu: l.paidMu,
      amount_fen: l.amountFen,
      rate_fen: e.rateFen,
      deductions: JSON.stringify(l.deductions),
    };
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const col = <K extends keyof (typeof part)[number]>(k: K) => part.map((r) => r[k]);
    // One array per column (unnest): far fewer parameters to bind than a row of values per line.
    // The JSON columns travel as one text each, split on the record separator (JSON.stringify
    // escapes every control character, so none occurs inside a document): quoting 5,000 documents
    // as array elements cost three times as much, in this process and in PostgreSQL's array parser.
    await sql`
      INSERT INTO subsidy_sorties (subsidy_id, sortie_id, start_time, drone_id, zz_account_id, region_code,
        evidence, monitored_mu, qualified_mu, paid_mu, amount_fen, rate_fen, deductions)
      SELECT ${subsidyId}, * FROM unnest(${col('sortie_id')}::bigint[], ${col('start_time')}::timestamptz[],
        ${col('drone_id')}::text[], ${col('zz_account_id')}::int[], ${col('region_code')}::int[],
        string_to_array(${joined(col('evidence'))}, chr(30))::json[], ${col('monitored_mu')}::float8[], ${col('qualified_mu')}::float8[],
        ${col('paid_mu')}::float8[], ${col('amount_fen')}::bigint[], ${col('rate_fen')}::int[],
        string_to_array(${joined(col('deductions'))}, chr(30))::jsonb[])`.execute(db);
  }
}

/** The stored evidence of a subsidy, in take-off order. */
export async function storedEvidence(db: Db, subsidyId: number): Promise<LineEvidence[]> {
  const rows = await db
    .selectFrom('subsidy_sorties')
    .select('evidence')
    .where('subsidy_id', '=', subsidyId)
    .orderBy('start_time')
    .orderBy('sortie_id')
    .execute();
  return rows.map((r) => r.evidence as LineEvidence);
}

/**
 * Recomputes an unsealed subsidy from its stored evidence with the spot-check outcomes as they are
 * now (locks the row; false when it is sealed or gone).
 */
export async function recomputeStored(db: Db, subsidyId: number): Promise<boolean> {
  const s = await db
    .selectFrom('subsidies')
    .select(['status', 'quota_mu'])
    .where('subsidy_id', '=', subsidyId)
    .forUpdate()
    .executeTakeFirst();
  if (s?.status !== 1) return false;
  const results = await db
    .selectFrom('subsidy_spot_results')
    .select(['sortie_id', 'result'])
    .where('subsidy_id', '=', subsidyId)
    .execute();
  const outcome = new Map(results.map((r) => [Number(r.sortie_id), r.result]));
  const evidence = (await storedEvidence(db, subsidyId)).map((e) => ({
    ...e,
    spotCheck: outcome.get(e.sortieId) ?? null,
  }));
  const figures = computeSubsidy(evidence, s.quota_mu);
  await db
    .updateTable('subsidies')
    .set({ ...totals(evidence, figures), computed_at: new Date() })
    .where('subsidy_id', '=', subsidyId)
    .execute();
  await replaceLines(db, subsidyId, evidence, figures);
  return true;
}

/** Takes the programme's lock for the rest of the transaction: computes of one programme queue. */
export async function lockProgramme(db: Db, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`subsidy:${key}`}))`.execute(db);
}
