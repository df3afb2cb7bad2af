/**
 * Subsidies: reads in the caller's scope, and the writes (compute, seal, spot checks, delete,
 * rates) of the platform and, within its region, a government. Each write runs in the request's
 * transaction with its system-log row (platform/audit.ts); the seal's row carries the digest.
 */
import { randomInt } from 'node:crypto';
import {
  drawSample,
  ErrorCode,
  type Language,
  type RateTable,
  type RateTableBody,
  regionContains,
  type SubsidyComputeBody,
  type SubsidyDetail,
  type SubsidyTrack,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { decodeTrack } from '../../telemetry/codec/trackCodec.ts';
import { regionName } from '../regions/regions.service.ts';
import { type ComputeDeps, computeProgramme } from './subsidies.compute.ts';
import type { LineEvidence } from './subsidies.evidence.ts';
import type { SubsidyRepo } from './subsidies.repo.ts';
import { mayWrite } from './subsidies.scope.ts';
import { checkSubsidy, digestOf, sealMaterial } from './subsidies.seal.ts';
import {
  applicableRateVersion,
  listRateVersions,
  loadRateVersion,
  loadTask,
  loadTracks,
  type RateVersion,
  regionalProgramme,
} from './subsidies.sources.ts';
import { recomputeStored } from './subsidies.write.ts';

export interface Actor {
  scope: DataScope;
  accountId: number;
  userId: number;
  userName: string;
  lang: Language;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'subsidyNotFound');
const sealedError = () => new AppError(409, ErrorCode.conflict, 'subsidySealed');
const outside = () => new AppError(403, ErrorCode.forbidden, 'subsidyOutsideRegion');
/** Most sorties the track call draws, and most points per sortie path. */
const TRACK_SORTIES = 2000;
const TRACK_POINTS = 200;

export function createSubsidyService(d: { db: Db; repo: SubsidyRepo; compute: Omit<ComputeDeps, 'db'> }) {
  const { db, repo } = d;

  /** Only the platform and governments write subsidies. */
  const writer = (a: Actor) => {
    if (a.scope.kind !== 'all' && a.scope.kind !== 'region') throw errors.forbidden();
  };
  /** The subsidy, in the caller's scope and writable by it. */
  const writable = async (a: Actor, subsidyId: number) => {
    writer(a);
    const r = await repo.row(a.scope, subsidyId, a.lang);
    if (!r) throw notFound();
    if (!mayWrite(a.scope, r.row.region)) throw outside();
    return r.row;
  };
  const detail = async (a: Pick<Actor, 'scope' | 'lang'>, subsidyId: number): Promise<SubsidyDetail> => {
    const r = await repo.detail(a.scope, subsidyId, a.lang);
    if (!r) throw notFound();
    return r;
  };
  const toTable = (v: RateVersion, lang: Language): RateTable => ({
    rateVersionId: v.rateVersionId,
    region: v.region,
    regionName: regionName(v.region, lang) ?? String(v.region),
    year: v.year,
    rows: v.rows,
    hillRegions: v.hillRegions,
    remark: v.remark,
    createdAt: v.createdAt.getTime(),
    createdBy: v.createdBy,
  });

  return {
    list: repo.list,
    summary: repo.summary,
    stat: repo.stat,
    detail,

    async sorties(a: Actor, subsidyId: number, q: Parameters<SubsidyRepo['sorties']>[1]) {
      await detail(a, subsidyId);
      return repo.sorties(subsidyId, q);
    },

    async track(a: Actor, subsidyId: number): Promise<SubsidyTrack> {
      const s = await detail(a, subsidyId);
      const lines = await db
        .selectFrom('subsidy_sorties')
        .select(['sortie_id', 'evidence', 'monitored_mu', 'paid_mu'])
        .where('subsidy_id', '=', subsidyId)
        .orderBy('start_time')
        .limit(TRACK_SORTIES)
        .execute();
      const tracks = await loadTracks(
        db,
        lines.map((l) => String(l.sortie_id)),
      );
      const sorties = lines.map((l) => {
        const e = l.evidence as LineEvidence;
        const blob = tracks.get(String(l.sortie_id));
        const spray = blob ? decodeTrack(blob).filter((p) => p.pump) : [];
        const step = Math.max(1, spray.length / TRACK_POINTS);
        const path: [number, number][] = [];
        for (let i = 0; i < spray.length; i += step) {
          const p = spray[Math.floor(i)];
          if (p) path.push([p.lng, p.lat]);
        }
        const verdict: 'paid' | 'partial' | 'none' =
          l.paid_mu <= 0 ? 'none' : l.paid_mu >= l.monitored_mu ? 'paid' : 'partial';
        return { sortieId: Number(l.sortie_id), droneId: e.droneId, startTime: e.startMs, verdict, path };
      });
      const task = s.tftzId != null ? await loadTask(db, s.tftzId, s.year) : null;
      return { sorties, polygon: task?.polygon ?? null };
    },

    async remove(a: Actor, subsidyId: number): Promise<void> {
      const row = await writable(a, subsidyId);
      const done = await db
        .deleteFrom('subsidies')
        .where('subsidy_id', '=', row.subsidyId)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (Number(done.numDeletedRows) === 0) throw sealedError();
    },

    async compute(a: Actor, body: SubsidyComputeBody) {
      writer(a);
      const programme =
        body.tftzId != null
          ? await loadTask(db, body.tftzId, body.year)
          : regionalProgramme(body.region as number, body.year, body.medId ?? null);
      if (!programme) throw new AppError(404, ErrorCode.notFound, 'subsidyTaskNotFound');
      // A government computes programmes in its region, and the tasks it runs.
      if (!mayWrite(a.scope, programme.region) && programme.ownerAccountId !== a.accountId) throw outside();
      let rate: RateVersion | null;
      if (body.rateVersionId != null) {
        rate = await loadRateVersion(db, body.rateVersionId);
        if (!rate || rate.year !== body.year || !regionContains(rate.region, programme.region))
          throw errors.badRequest('subsidyRateVersionMismatch');
      } else rate = await applicableRateVersion(db, programme.region, body.year);
      if (!rate) throw errors.badRequest('subsidyNoRateTable', { year: body.year });
      return computeProgramme({ db, ...d.compute }, programme, rate, body);
    },

    /** Seals (freezes) the subsidy; returns its detail and the digest for the log row. */
    async seal(a: Actor, subsidyId: number): Promise<{ detail: SubsidyDetail; digest: string }> {
      await writable(a, subsidyId);
      const locked = await db
        .selectFrom('subsidies')
        .select('status')
        .where('subsidy_id', '=', subsidyId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.status !== 1) throw sealedError();
      const m = await sealMaterial(db, subsidyId);
      if (!m) throw notFound();
      const digest = digestOf(m);
      await db
        .updateTable('subsidies')
        .set({ status: 2, digest, sealed_at: new Date(), sealed_by: a.userId })
        .where('subsidy_id', '=', subsidyId)
        .execute();
      return { detail: await detail(a, subsidyId), digest };
    },

    async check(a: Actor, subsidyId: number) {
      await detail(a, subsidyId);
      const c = await checkSubsidy(db, subsidyId);
      if (!c) throw notFound();
      return c;
    },

    async drawSpotCheck(a: Actor, subsidyId: number, body: { size: number; seed?: number }) {
      await writable(a, subsidyId);
      const ids = await db
        .selectFrom('subsidy_sorties')
        .select('sortie_id')
        .where('subsidy_id', '=', subsidyId)
        .execute();
      if (ids.length === 0) throw errors.badRequest('subsidyEmpty');
      const seed = body.seed ?? randomInt(0, 4_294_967_296);
      const sample = drawSample(
        ids.map((r) => Number(r.sortie_id)),
        body.size,
        seed,
      );
      await db
        .insertInto('subsidy_spot_draws')
        .values({ subsidy_id: subsidyId, seed, size: body.size, sortie_ids: sample, drawn_by: a.userId })
        .execute();
      return detail(a, subsidyId);
    },

    async spotCheckResult(
      a: Actor,
      subsidyId: number,
      sortieId: number,
      body: { result: 'passed' | 'failed'; note?: string },
    ) {
      const row = await writable(a, subsidyId);
      if (row.status !== 1) throw sealedError();
      const line = await db
        .selectFrom('subsidy_sorties')
        .select('sortie_id')
        .where('subsidy_id', '=', subsidyId)
        .where('sortie_id', '=', sortieId)
        .executeTakeFirst();
      if (!line) throw new AppError(404, ErrorCode.notFound, 'subsidySortieNotInSubsidy');
      await db
        .insertInto('subsidy_spot_results')
        .values({
          subsidy_id: subsidyId,
          sortie_id: sortieId,
          result: body.result,
          note: body.note ?? null,
          checked_by: a.userId,
        })
        .onConflict((oc) =>
          oc.columns(['subsidy_id', 'sortie_id']).doUpdateSet({
            result: body.result,
            note: body.note ?? null,
            checked_by: a.userId,
            checked_at: new Date(),
          }),
        )
        .execute();
      if (!(await recomputeStored(db, subsidyId))) throw sealedError();
      return detail(a, subsidyId);
    },

    async rates(a: Actor, q: { year: number; region?: number }) {
      const all = await listRateVersions(db, q.year);
      const related = (code: number, v: RateVersion) =>
        regionContains(code, v.region) || regionContains(v.region, code);
      const records = all
        .filter((v) => a.scope.kind !== 'region' || related(a.scope.code, v))
        .filter((v) => q.region == null || related(q.region, v))
        .map((v) => toTable(v, a.lang));
      return { records };
    },

    async createRates(a: Actor, body: RateTableBody): Promise<RateTable> {
      writer(a);
      if (!mayWrite(a.scope, body.region)) throw outside();
      for (const code of [...body.rows.map((r) => r.regionCode), ...body.hillRegions])
        if (!regionContains(body.region, code))
          throw errors.badRequest('subsidyRateRegionOutside', { region: code });
      const r = await db
        .insertInto('subsidy_rate_versions')
        .values({
          region_code: body.region,
          year: body.year,
          rows: JSON.stringify(body.rows),
          hill_regions: body.hillRegions,
          remark: body.remark ?? '',
          created_by: a.userId,
          created_by_name: a.userName,
        })
        .returning('rate_version_id')
        .executeTakeFirstOrThrow();
      const v = await loadRateVersion(db, r.rate_version_id);
      return toTable(v as RateVersion, a.lang);
    },
  };
}
export type SubsidyService = ReturnType<typeof createSubsidyService>;
