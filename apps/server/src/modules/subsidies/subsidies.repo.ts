/**
 * Subsidies in SQL, reads: the list, summary and per-region statistics of a year, a subsidy's
 * detail, its evidence lines and its track. Every read takes the caller's scope (subsidies.scope.ts):
 * a subsidy outside it is not found.
 */
import {
  DEDUCTION_REASONS,
  type DeductionReason,
  type Language,
  roundMu,
  type SubsidyDetail,
  type SubsidyListQuery,
  type SubsidyRow,
  type SubsidySortieRow,
  type SubsidyStat,
  type SubsidySummary,
} from '@agrifleet/domain';
import { type SqlBool, sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { likePattern } from '../../platform/like.ts';
import { regionName } from '../regions/regions.service.ts';
import type { LineEvidence } from './subsidies.evidence.ts';
import { childRegionSql, regionFilter, statParent, visibleSubsidy } from './subsidies.scope.ts';

const zeroReasons = () =>
  Object.fromEntries(DEDUCTION_REASONS.map((r) => [r, 0])) as Record<DeductionReason, number>;

const SUBSIDY_COLUMNS = [
  'sb.subsidy_id',
  'sb.year',
  'sb.tftz_id',
  'sb.tftz_name',
  'sb.region_code',
  'sb.yy_account_id',
  'yy.account_name as yy_name',
  'sb.sortie_count',
  'sb.monitored_mu',
  'sb.qualified_mu',
  'sb.paid_mu',
  'sb.amount_fen',
  'sb.by_reason',
  'sb.status',
  'sb.rate_version_id',
  'sb.computed_at',
  'sb.sealed_at',
  'sb.digest',
  'sb.quota_mu',
  'sb.rule_version',
] as const;

export function createSubsidyRepo(db: Db) {
  const base = (scope: DataScope) =>
    db
      .selectFrom('subsidies as sb')
      .innerJoin('accounts as yy', 'yy.id', 'sb.yy_account_id')
      .where(visibleSubsidy(scope));

  type Raw = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];
  const rowQuery = (scope: DataScope) => base(scope).select([...SUBSIDY_COLUMNS]);
  const toRow = (r: Raw, lang: Language): SubsidyRow => ({
    subsidyId: r.subsidy_id,
    year: r.year,
    tftzId: r.tftz_id,
    tftzName: r.tftz_name,
    region: r.region_code,
    regionName: regionName(r.region_code, lang) ?? String(r.region_code),
    yyAccountId: r.yy_account_id,
    yyAccountName: r.yy_name,
    sortieCount: r.sortie_count,
    monitoredMu: r.monitored_mu,
    qualifiedMu: r.qualified_mu,
    paidMu: r.paid_mu,
    amountFen: Number(r.amount_fen),
    byReason: { ...zeroReasons(), ...(r.by_reason as Record<DeductionReason, number>) },
    status: r.status,
    rateVersionId: r.rate_version_id,
    computedAt: r.computed_at.getTime(),
    sealedAt: r.sealed_at ? r.sealed_at.getTime() : null,
    digest: r.digest,
  });

  const filtered = (scope: DataScope, q: Omit<SubsidyListQuery, 'currentPage' | 'pageSize'>) => {
    let query = rowQuery(scope).where('sb.year', '=', q.year);
    if (q.region != null) query = query.where(regionFilter('sb.region_code', q.region));
    if (q.yyAccountName)
      query = query.where(sql<SqlBool>`yy.account_name ILIKE ${likePattern(q.yyAccountName)}`);
    if (q.tftzId != null) query = query.where('sb.tftz_id', '=', q.tftzId);
    if (q.status != null) query = query.where('sb.status', '=', q.status);
    return query;
  };

  return {
    async list(scope: DataScope, q: SubsidyListQuery, lang: Language) {
      const query = filtered(scope, q);
      const [rows, count] = await Promise.all([
        query
          .orderBy('sb.amount_fen', 'desc')
          .orderBy('sb.subsidy_id', 'desc')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        db
          .selectFrom(query.as('x'))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { records: rows.map((r) => toRow(r, lang)), total: Number(count.n) };
    },

    async summary(scope: DataScope, q: { year: number; region?: number }): Promise<SubsidySummary> {
      const rows = await filtered(scope, q).execute();
      const byReason = zeroReasons();
      const s = { monitoredMu: 0, qualifiedMu: 0, paidMu: 0, amountFen: 0, sortieCount: 0, sealed: 0 };
      for (const r of rows) {
        s.monitoredMu = roundMu(s.monitoredMu + r.monitored_mu);
        s.qualifiedMu = roundMu(s.qualifiedMu + r.qualified_mu);
        s.paidMu = roundMu(s.paidMu + r.paid_mu);
        s.amountFen += Number(r.amount_fen);
        s.sortieCount += r.sortie_count;
        if (r.status === 2) s.sealed++;
        for (const [k, v] of Object.entries(r.by_reason as Record<DeductionReason, number>))
          if (k in byReason) byReason[k as DeductionReason] = roundMu(byReason[k as DeductionReason] + v);
      }
      return {
        year: q.year,
        subsidies: rows.length,
        operators: new Set(rows.map((r) => r.yy_account_id)).size,
        ...s,
        byReason,
      };
    },

    /** Per region one level below `region` (the caller's own, or the country), from the lines. */
    async stat(scope: DataScope, q: { year: number; region?: number }, lang: Language): Promise<SubsidyStat> {
      const parent = statParent(scope, q.region);
      const child = childRegionSql(parent, sql.ref('l.region_code'));
      const rows = await base(scope)
        .innerJoin('subsidy_sorties as l', 'l.subsidy_id', 'sb.subsidy_id')
        .where('sb.year', '=', q.year)
        .where(regionFilter('l.region_code', parent))
        .select([
          child.as('region'),
          sql<number>`count(DISTINCT sb.subsidy_id)::int`.as('subsidies'),
          sql<number>`count(DISTINCT sb.yy_account_id)::int`.as('operators'),
          sql<number>`sum(l.monitored_mu)::float8`.as('monitored'),
          sql<number>`sum(l.qualified_mu)::float8`.as('qualified'),
          sql<number>`sum(l.paid_mu)::float8`.as('paid'),
          sql<string>`sum(l.amount_fen)::text`.as('amount'),
        ])
        .groupBy(child)
        .orderBy('region')
        .execute();
      return {
        records: rows.map((r) => ({
          region: Number(r.region),
          regionName: regionName(Number(r.region), lang) ?? String(r.region),
          subsidies: r.subsidies,
          operators: r.operators,
          monitoredMu: roundMu(r.monitored),
          qualifiedMu: roundMu(r.qualified),
          paidMu: roundMu(r.paid),
          amountFen: Number(r.amount),
        })),
      };
    },

    /** The subsidy's row (null: none in scope). */
    async row(scope: DataScope, subsidyId: number, lang: Language) {
      const r = await rowQuery(scope).where('sb.subsidy_id', '=', subsidyId).executeTakeFirst();
      return r ? { row: toRow(r, lang), quotaMu: r.quota_mu, ruleVersion: r.rule_version } : null;
    },

    async detail(scope: DataScope, subsidyId: number, lang: Language): Promise<SubsidyDetail | null> {
      const r = await this.row(scope, subsidyId, lang);
      if (!r) return null;
      const draw = await db
        .selectFrom('subsidy_spot_draws')
        .select(['seed', 'size', 'drawn_at', 'sortie_ids'])
        .where('subsidy_id', '=', subsidyId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        ...r.row,
        quotaMu: r.quotaMu,
        ruleVersion: r.ruleVersion,
        spotCheck: draw
          ? {
              seed: Number(draw.seed),
              size: draw.size,
              drawnAt: draw.drawn_at.getTime(),
              sortieIds: draw.sortie_ids.map(Number),
            }
          : null,
      };
    },

    /** A page of a subsidy's lines (the caller has already seen the subsidy). */
    async sorties(
      subsidyId: number,
      q: { currentPage: number; pageSize: number; reason?: DeductionReason; droneId?: string },
    ): Promise<{ records: SubsidySortieRow[]; total: number }> {
      let query = db.selectFrom('subsidy_sorties as l').where('l.subsidy_id', '=', subsidyId);
      if (q.reason)
        query = query.where(sql<SqlBool>`l.deductions @> ${JSON.stringify([{ reason: q.reason }])}::jsonb`);
      if (q.droneId) query = query.where('l.drone_id', '=', q.droneId);
      const [rows, count, draw] = await Promise.all([
        query
          .leftJoin('subsidy_spot_results as r', (j) =>
            j.onRef('r.subsidy_id', '=', 'l.subsidy_id').onRef('r.sortie_id', '=', 'l.sortie_id'),
          )
          .select([
            'l.sortie_id',
            'l.evidence',
            'l.monitored_mu',
            'l.qualified_mu',
            'l.paid_mu',
            'l.amount_fen',
            'l.rate_fen',
            'l.deductions',
            'r.result',
            'r.note',
          ])
          .orderBy('l.start_time')
          .orderBy('l.sortie_id')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        db
          .selectFrom('subsidy_spot_draws')
          .select('sortie_ids')
          .where('subsidy_id', '=', subsidyId)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      const sampled = new Set((draw?.sortie_ids ?? []).map(Number));
      return {
        total: Number(count.n),
        records: rows.map((r) => {
          const e = r.evidence as LineEvidence;
          return {
            sortieId: Number(r.sortie_id),
            droneId: e.droneId,
            droneName: e.droneName,
            pilotName: e.pilotName,
            startTime: e.startMs,
            endTime: e.endMs,
            cropId: e.cropId,
            blockId: e.blockId,
            blockName: e.blockName,
            volumeL: e.volumeL,
            doseLPerMu: e.doseLPerMu,
            medId: e.medId,
            doseRange: e.doseRange,
            hasTrack: e.hasTrack,
            pictures: e.pictures,
            anomalies: [...e.anomalies],
            terrain: e.terrain,
            rateFen: r.rate_fen,
            monitoredMu: r.monitored_mu,
            qualifiedMu: r.qualified_mu,
            paidMu: r.paid_mu,
            amountFen: Number(r.amount_fen),
            deductions: r.deductions as SubsidySortieRow['deductions'],
            spotCheck: r.result ?? null,
            spotCheckNote: r.note ?? null,
            sampled: sampled.has(Number(r.sortie_id)),
          };
        }),
      };
    },
  };
}
export type SubsidyRepo = ReturnType<typeof createSubsidyRepo>;
