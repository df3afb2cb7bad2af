/**
 * Block management (001 §3 "Block", §7 "Blocks"). Who sees and changes what: README.md and
 * blocks.view.ts. A block outside the caller's view answers 404; one it sees but may not change
 * (shared with it, a government's region, an account above it) 403 `blockNotYours`.
 *
 * Writes are one transaction each with their system log row. Delete is all-or-nothing: every id
 * must be visible and editable, and a block that sorties or routes refer to is refused (409
 * `blockInUse` naming it and the counts); force delete detaches them first (the sorties keep their
 * figures, the routes their block_geometry).
 */
import {
  type BlockCoverage,
  type BlockCreateBody,
  type BlockListQuery,
  type BlockUpdateBody,
  ErrorCode,
  maskPhone,
  parseAccount,
} from '@agrifleet/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { scopeCondition, scopeOf, sortieColumns } from '../../platform/auth/scope.ts';
import type { Caller } from '../../platform/auth/subject.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { blockCoverage } from '../../telemetry/area/coverage.ts';
import { createLookupsRepo } from '../lookups/lookups.repo.ts';
import type { RegionAt } from '../regions/geo/codes.ts';
import { blockShape, MU_M2 } from './blocks.geometry.ts';
import { createBlocksMonitorRepo, type MapRange } from './blocks.monitor.ts';
import { type BlockRow, createBlocksRepo } from './blocks.repo.ts';
import { COVERAGE_MAX_SORTIES, createBlockSortiesRepo, type Period } from './blocks.sorties.ts';
import { type Viewer, viewerOf } from './blocks.view.ts';
import { type BlockActor, type BlockData, createBlocksWriter } from './blocks.write.ts';

const notFound = () => new AppError(404, ErrorCode.notFound, 'blockNotFound');
const notYours = (name: string) => new AppError(403, ErrorCode.forbidden, 'blockNotYours', { name });

/** How long a coverage answer is reused, ms. */
export const COVERAGE_TTL_MS = 30_000;

export function createBlocksService(deps: {
  db: Db;
  locate: (lng: number, lat: number) => RegionAt;
  now?: () => number;
}) {
  const { db, locate } = deps;
  const now = deps.now ?? Date.now;
  const repo = createBlocksRepo(db);
  const sorties = createBlockSortiesRepo(db);
  const monitor = createBlocksMonitorRepo(db);
  const coverageCache = new Map<string, { at: number; value: BlockCoverage }>();
  const lookups = createLookupsRepo(db);

  /** A block's crop is an enabled crop of the catalogue (oper/crops), else 400 `cropUnknown`. */
  async function checkCrop(cropId: number | null | undefined) {
    if (cropId != null && !(await lookups.cropEnabled(cropId)))
      throw new AppError(400, ErrorCode.badRequest, 'cropUnknown', { cropId });
  }
  /** A block's medicine is an enabled medicine of the catalogue, else 400 `medUnknown`. */
  async function checkMedicine(medId: number | null | undefined) {
    if (medId != null && !(await lookups.medicineEnabled(medId)))
      throw new AppError(400, ErrorCode.badRequest, 'medUnknown', { medId });
  }

  const actor = (c: Caller, ip: string | null): BlockActor => ({
    accountId: c.account.id,
    userId: c.user.id,
    ip,
  });

  function data(body: BlockCreateBody): BlockData {
    const shape = blockShape(body.geometry);
    return {
      ...shape,
      blockName: body.blockName,
      cropId: body.cropId ?? null,
      medId: body.medId ?? null,
      remark: body.remark || null,
      region: locate(shape.center[0], shape.center[1]),
    };
  }

  async function visible(v: Viewer, id: number): Promise<BlockRow> {
    const b = await repo.get(v, id);
    if (!b) throw notFound();
    return b;
  }

  async function changeable(v: Viewer, id: number): Promise<BlockRow> {
    const b = await visible(v, id);
    if (!b.editable) throw notYours(b.blockName);
    return b;
  }

  /** The sorties of the block the caller may see: all for its owner, else those in its scope. */
  const sortieScope = (c: Caller, b: BlockRow): Expression<SqlBool> =>
    b.editable ? sql<SqlBool>`true` : scopeCondition(scopeOf(c), sortieColumns('s'));

  const round = (x: number) => Math.round(x * 1000) / 1000;

  const tx = <T>(fn: (w: ReturnType<typeof createBlocksWriter>, trx: Db) => Promise<T>) =>
    db.transaction().execute((trx) => fn(createBlocksWriter(trx), trx));

  async function remove(c: Caller, ids: number[], force: boolean) {
    const v = await viewerOf(db, c);
    const unique = [...new Set(ids)];
    return tx(async (w, trx) => {
      const found = await repo.forWrite(trx, v, unique);
      if (found.length < unique.length) throw notFound();
      const locked = found.find((b) => !b.editable);
      if (locked) throw notYours(locked.block_name);
      if (!force) {
        const refs = await repo.references(trx, unique);
        const first = refs[0];
        if (first) {
          const name = found.find((b) => b.block_id === first.blockId)?.block_name ?? String(first.blockId);
          throw new AppError(409, ErrorCode.conflict, 'blockInUse', {
            name,
            sorties: first.sorties,
            routes: first.routes,
          });
        }
      }
      const deleted = await w.remove(unique, force);
      return { deleted };
    });
  }

  return {
    async list(c: Caller, q: BlockListQuery) {
      const v = await viewerOf(db, c);
      const page = await repo.page(v, q, q.pageIndex, q.size);
      return { ...page, current: q.pageIndex, size: q.size, totalAreaMu: round(page.totalAreaMu) };
    },

    async all(c: Caller, pageIndex: number, size: number) {
      const v = await viewerOf(db, c);
      const page = await repo.page(v, {}, pageIndex, size);
      return { ...page, current: pageIndex, size, totalAreaMu: round(page.totalAreaMu) };
    },

    async detail(c: Caller, id: number) {
      const v = await viewerOf(db, c);
      const b = await visible(v, id);
      const [shares, routeCount] = await Promise.all([
        b.editable ? repo.shares(id) : Promise.resolve([]),
        repo.routeCount(id),
      ]);
      return {
        ...b,
        shares: shares.map((s) => ({
          userId: s.userId,
          userName: s.userName,
          phone: s.phone ? `${s.phone_country ? `${s.phone_country}-` : ''}${maskPhone(s.phone)}` : '',
          accountName: s.accountName,
          sharedAt: s.sharedAt,
        })),
        routeCount,
      };
    },

    async create(c: Caller, ip: string | null, body: BlockCreateBody) {
      await checkCrop(body.cropId);
      await checkMedicine(body.medId);
      const d = data(body);
      const a = actor(c, ip);
      const blockId = await tx(async (w) => {
        const id = await w.insert(d, a);
        return id;
      });
      return { blockId, areaMu: round(d.areaMu) };
    },

    async update(c: Caller, body: BlockUpdateBody) {
      const v = await viewerOf(db, c);
      await changeable(v, body.blockId);
      await checkCrop(body.cropId);
      await checkMedicine(body.medId);
      const d = data(body);
      await tx(async (w) => {
        if (!(await w.update(body.blockId, d))) throw notFound();
      });
      return { blockId: body.blockId, areaMu: round(d.areaMu) };
    },

    remove: (c: Caller, ids: number[]) => remove(c, ids, false),
    forceRemove: (c: Caller, id: number) => remove(c, [id], true),

    /**
     * Shares the block with the user of a phone. The same answer whether or not the number belongs
     * to a user (issue 20 item 13: the 404 "no user with phone ..." enumerated phones), whether it
     * was shared already, or belongs to the owning account (which sees the block anyway): only the
     * caller's own number is refused, which reveals nothing.
     */
    async share(c: Caller, blockId: number, targetUserPhone: string) {
      const v = await viewerOf(db, c);
      const b = await changeable(v, blockId);
      const parsed = parseAccount(targetUserPhone);
      if (parsed?.kind !== 'phone') throw new AppError(400, ErrorCode.badRequest, 'blockSharePhone');
      if (parsed.phone === c.user.phone && parsed.countryCode === (c.user.phone_country ?? '86'))
        throw new AppError(400, ErrorCode.badRequest, 'blockShareSelf');
      await tx((w) => w.shareByPhone(blockId, parsed.countryCode, parsed.phone, b.yyAccountId, c.user.id));
      return { blockId, areaMu: b.areaMu };
    },

    /** Ends the block's share with a user: that user no longer sees it (404 `blockShareNotFound` if none). */
    async unshare(c: Caller, blockId: number, userId: number) {
      const v = await viewerOf(db, c);
      const b = await changeable(v, blockId);
      await tx(async (w) => {
        if (!(await w.unshare(blockId, userId)))
          throw new AppError(404, ErrorCode.notFound, 'blockShareNotFound');
      });
      return { blockId, areaMu: b.areaMu };
    },

    async sorties(c: Caller, id: number, q: Period & { pageIndex: number; size: number }) {
      const v = await viewerOf(db, c);
      const b = await visible(v, id);
      const page = await sorties.page(id, sortieScope(c, b), q, q.pageIndex, q.size);
      return { ...page, current: q.pageIndex, size: q.size };
    },

    async coverage(c: Caller, id: number, q: Period & { routeId?: number }): Promise<BlockCoverage> {
      const v = await viewerOf(db, c);
      const b = await visible(v, id);
      const key = `${id}:${c.account.id}:${b.editable}:${q.routeId ?? ''}:${q.startTime ?? ''}:${q.endTime ?? ''}`;
      const hit = coverageCache.get(key);
      if (hit && now() - hit.at < COVERAGE_TTL_MS) return hit.value;
      const scope = sortieScope(c, b);
      let ids: number[];
      let plannedAreaMu: number | null = null;
      if (q.routeId !== undefined) {
        const r = await sorties.ofRoute(id, q.routeId, scope);
        if (!r) throw new AppError(404, ErrorCode.notFound, 'blockRouteNotFound');
        ids = r.sortieIds;
        plannedAreaMu = r.plannedAreaM2 === null ? null : round(r.plannedAreaM2 / MU_M2);
      } else ids = await sorties.ofPeriod(id, scope, q);
      ids = ids.slice(0, COVERAGE_MAX_SORTIES);
      const tracks = await sorties.tracks(ids);
      const cov = blockCoverage(b.geometry as Parameters<typeof blockCoverage>[0], tracks);
      const blockAreaMu = cov.blockAreaM2 / MU_M2;
      const value: BlockCoverage = {
        blockId: id,
        blockAreaMu: round(blockAreaMu),
        sprayedAreaMu: round(cov.sprayedAreaM2 / MU_M2),
        share: blockAreaMu > 0 ? Math.min(1, cov.sprayedAreaM2 / cov.blockAreaM2) : 0,
        twiceAreaMu: round(cov.twiceAreaM2 / MU_M2),
        sortieCount: ids.length,
        sortiesWithoutTrack: ids.length - tracks.length,
        unsprayed: cov.unsprayed,
        plannedAreaMu,
      };
      if (coverageCache.size > 1000) coverageCache.clear();
      coverageCache.set(key, { at: now(), value });
      return value;
    },

    async monitor(c: Caller, r: MapRange) {
      if (!(r.minLng < r.maxLng && r.minLat < r.maxLat))
        throw new AppError(400, ErrorCode.badRequest, 'blockRangeInvalid');
      return monitor.inRange(await viewerOf(db, c), r);
    },
  };
}
export type BlocksService = ReturnType<typeof createBlocksService>;
