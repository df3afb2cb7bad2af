/**
 * POST compute: the subsidies of one programme, one per operator, from its qualifying sorties'
 * evidence under the rule (packages/domain programmes/subsidyRule.ts `computeSubsidy`). Computes of
 * one programme queue on an advisory lock, and the unique (programme, operator) key makes a
 * parallel compute update rather than duplicate; sealed subsidies are left as they are.
 */
import {
  computeSubsidy,
  regionContains,
  roundMu,
  type SubsidyComputeBody,
  type SubsidyComputeResult,
} from '@agrifleet/domain';
import type { Db } from '../../platform/db.ts';
import type { RegionAt } from '../regions/geo/regionAt.ts';
import { buildEvidence, type LineEvidence, SUBSIDY_RULE_VERSION } from './subsidies.evidence.ts';
import {
  loadBlockDoses,
  loadBlocks,
  loadDoseRange,
  loadSortieFacts,
  loadTracks,
  type Programme,
  type RateVersion,
} from './subsidies.sources.ts';
import { lockProgramme, writeSubsidy } from './subsidies.write.ts';

export interface ComputeDeps {
  db: Db;
  timeZone: string;
  locate: (lng: number, lat: number) => RegionAt;
}

/** Whether a located position lies in `region` (a coarser answer that contains it counts as inside). */
export function inRegionOf(locate: ComputeDeps['locate'], region: number) {
  return (lng: number, lat: number) => {
    const r = locate(lng, lat);
    const finest = r.county ?? r.city ?? r.province ?? r.country;
    if (!finest) return false;
    return regionContains(region, finest) || regionContains(finest, region);
  };
}

export async function computeProgramme(
  d: ComputeDeps,
  programme: Programme,
  rate: RateVersion,
  body: Pick<SubsidyComputeBody, 'quotaMu'>,
): Promise<SubsidyComputeResult> {
  const t0 = Date.now();
  const { db } = d;
  await lockProgramme(db, programme.key);
  const existing = await db
    .selectFrom('subsidies')
    .select(['subsidy_id', 'yy_account_id', 'status'])
    .where('programme_key', '=', programme.key)
    .execute();
  const sealed = new Set(existing.filter((s) => s.status === 2).map((s) => s.yy_account_id));
  const results = existing.length
    ? await db
        .selectFrom('subsidy_spot_results as r')
        .innerJoin('subsidies as s', 's.subsidy_id', 'r.subsidy_id')
        .select(['s.yy_account_id', 'r.sortie_id', 'r.result'])
        .where(
          'r.subsidy_id',
          'in',
          existing.map((s) => s.subsidy_id),
        )
        .execute()
    : [];
  const spotChecks = new Map<number, Map<number, 'passed' | 'failed'>>();
  for (const r of results) {
    const m = spotChecks.get(r.yy_account_id) ?? new Map();
    m.set(Number(r.sortie_id), r.result);
    spotChecks.set(r.yy_account_id, m);
  }

  const facts = (await loadSortieFacts(db, programme, d.timeZone)).filter(
    (f) => !sealed.has(f.yy_account_id),
  );
  const blockIds = [...new Set(facts.map((f) => f.block_id).filter((b): b is number => b != null))];
  const evidence = await buildEvidence({
    programme,
    facts,
    doseRange: await loadDoseRange(db, programme.medId),
    rate,
    blocks: await loadBlocks(db, blockIds),
    blockDoses: await loadBlockDoses(db, blockIds),
    spotChecks,
    inRegion: inRegionOf(d.locate, programme.region),
    tracks: (ids) => loadTracks(db, ids),
  });

  const byOperator = new Map<number, LineEvidence[]>();
  for (const e of evidence) {
    const list = byOperator.get(e.yyAccountId);
    if (list) list.push(e);
    else byOperator.set(e.yyAccountId, [e]);
  }
  const out = { subsidies: 0, sorties: 0, monitoredMu: 0, qualifiedMu: 0, paidMu: 0, amountFen: 0 };
  for (const [yy, lines] of byOperator) {
    const figures = computeSubsidy(lines, body.quotaMu ?? null);
    const id = await writeSubsidy(
      db,
      {
        programme,
        yyAccountId: yy,
        rateVersionId: rate.rateVersionId,
        quotaMu: body.quotaMu ?? null,
        ruleVersion: SUBSIDY_RULE_VERSION,
      },
      lines,
      figures,
    );
    if (id == null) continue;
    out.subsidies++;
    out.sorties += lines.length;
    out.monitoredMu = roundMu(out.monitoredMu + figures.monitoredMu);
    out.qualifiedMu = roundMu(out.qualifiedMu + figures.qualifiedMu);
    out.paidMu = roundMu(out.paidMu + figures.paidMu);
    out.amountFen += figures.amountFen;
  }
  // Unsealed subsidies of operators with no qualifying sortie any more go.
  const gone = existing
    .filter((s) => s.status === 1 && !byOperator.has(s.yy_account_id))
    .map((s) => s.subsidy_id);
  if (gone.length) await db.deleteFrom('subsidies').where('subsidy_id', 'in', gone).execute();
  return { ...out, keptSealed: sealed.size, ms: Date.now() - t0 };
}
