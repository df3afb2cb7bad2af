/**
 * No-fly zone management (001 §7 "No-fly zones"). Who may do what (see README.md):
 *
 * - read (list, detail): every account with the NoFlyZoneList screen; platform all zones, a
 *   government the zones in its region, manufacturers and operators all zones (public safety
 *   information); a zone outside the caller's view is 404;
 * - write (create, edit, enable, delete): ability manageNoFly AND a platform (1) or government (2)
 *   account; manufacturers and operators read only (403 noflyReadOnly). A government creates and
 *   moves zones only inside its region (403 noflyOutsideRegion) and changes only the zones it set up
 *   itself: another account's zone it can see answers 403 noflyNotYours, one it cannot see 404.
 *
 * Every write is one transaction: the zone, its new version row and the change notice that makes
 * every server process reload its detector when the transaction commits.
 */
import {
  checkZoneGeometry,
  ErrorCode,
  type NoflyCreateBody,
  type NoflyListQuery,
  type NoflyRecord,
  type NoflyUpdateBody,
  type ZoneShape,
  zoneCenter,
} from '@agrifleet/domain';
import { type DataScope, scopeOf } from '../../platform/auth/scope.ts';
import type { Caller } from '../../platform/auth/subject.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MessageKey } from '../../platform/messages.ts';
import { notify } from '../../platform/notify.ts';
import { NOFLY_CHANNEL } from '../../telemetry/anomalies/stream.ts';
import { circleRing } from '../monitor/noflyShapes.ts';
import type { RegionAt } from '../regions/geo/codes.ts';
import {
  createNoflyRepo,
  createNoflyWriter,
  type NoflyActor,
  type NoflyZoneData,
  type NoflyZoneRecord,
} from './nofly.repo.ts';

export const GEOMETRY_KEYS: Record<string, MessageKey> = {
  shape: 'noflyGeometryShape',
  coordinates: 'noflyGeometryCoordinates',
  notClosed: 'noflyGeometryNotClosed',
  tooFewPoints: 'noflyGeometryTooFewPoints',
  collinear: 'noflyGeometryCollinear',
  tooManyVertices: 'noflyGeometryTooManyVertices',
  tooManyRings: 'noflyGeometryTooManyRings',
  selfIntersection: 'noflyGeometrySelfIntersection',
  holeOutside: 'noflyGeometryHoleOutside',
  radius: 'noflyGeometryRadius',
};

const forbidden = (key: MessageKey) => new AppError(403, ErrorCode.forbidden, key);
const notFound = () => new AppError(404, ErrorCode.notFound, 'noflyNotFound');
const badGeometry = (code: string, params: Record<string, number>) =>
  new AppError(400, ErrorCode.badRequest, GEOMETRY_KEYS[code] ?? 'badRequest', params);

/** Points of a zone whose region must be the government's: the centre and up to 64 border points. */
function regionProbes(z: ZoneShape): [number, number][] {
  const border =
    z.shape === 'circle'
      ? circleRing(z.geometry.coordinates, z.radiusM, 16)
      : (z.geometry.coordinates[0] ?? []).map((p) => [p[0], p[1]] as [number, number]);
  const step = Math.max(1, Math.ceil(border.length / 64));
  return [zoneCenter(z), ...border.filter((_, i) => i % step === 0)];
}

/** The finest region code of a place, or null where no region is known. */
const codeOf = (r: RegionAt) => r.county ?? r.city ?? r.province ?? (r.country || null);

export function createNoflyService(deps: { db: Db; locate: (lng: number, lat: number) => RegionAt }) {
  const { db, locate } = deps;
  const repo = createNoflyRepo(db);

  const actor = (c: Caller): NoflyActor => ({ accountId: c.account.id, userId: c.user.id });
  const canWrite = (c: Caller) => c.account.account_type === 1 || c.account.account_type === 2;
  const mayChange = (c: Caller, z: Pick<NoflyZoneRecord, 'createdByAccountId'>) =>
    c.account.account_type === 1 || (c.account.account_type === 2 && z.createdByAccountId === c.account.id);

  const toRecord = (c: Caller, z: NoflyZoneRecord): NoflyRecord => {
    const { createdByAccountId: _, ...rest } = z;
    return {
      ...rest,
      geometry: rest.geometry as NoflyRecord['geometry'],
      editable: canWrite(c) && mayChange(c, z),
    };
  };

  /** Checks the body's shape and place; the zone's columns. */
  function zoneData(c: Caller, body: NoflyCreateBody): NoflyZoneData {
    const checked = checkZoneGeometry(body);
    if (!checked.ok) throw badGeometry(checked.issue.code, checked.issue.params);
    const shape = checked.value;
    const [lng, lat] = zoneCenter(shape);
    const scope = scopeOf(c);
    if (scope.kind === 'region') {
      const inside = (p: [number, number]) => locate(p[0], p[1])[scope.level] === scope.code;
      if (!regionProbes(shape).every(inside)) throw forbidden('noflyOutsideRegion');
    }
    return {
      ...shape,
      name: body.name,
      detailAddress: body.detailAddress || null,
      noflyType: body.noflyType,
      regionCode: codeOf(locate(lng, lat)),
    };
  }

  /** A zone the caller may change (404 when it cannot see it, 403 when it may only look). */
  async function changeable(c: Caller, id: number): Promise<NoflyZoneRecord> {
    if (!canWrite(c)) throw forbidden('noflyReadOnly');
    const zone = await repo.get(id, scopeOf(c));
    if (!zone) throw notFound();
    if (!mayChange(c, zone)) throw forbidden('noflyNotYours');
    return zone;
  }

  async function write<T extends { id: number; version: number } | null>(
    fn: (w: ReturnType<typeof createNoflyWriter>) => Promise<T>,
  ): Promise<{ noflyId: number; version: number }> {
    const done = await db.transaction().execute(async (trx) => {
      const r = await fn(createNoflyWriter(trx));
      if (r) await notify(trx, NOFLY_CHANNEL, JSON.stringify({ noflyId: r.id, version: r.version }));
      return r;
    });
    if (!done) throw notFound();
    return { noflyId: done.id, version: done.version };
  }

  const scoped = (c: Caller): DataScope => scopeOf(c);

  return {
    async list(c: Caller, q: NoflyListQuery) {
      const filter = {
        noflyType: q.noflyType,
        name: q.name || undefined,
        enabled: q.enabled === undefined ? undefined : q.enabled === 1,
      };
      const page = await repo.page(scoped(c), filter, q.currentPage, q.pageSize);
      return {
        records: page.records.map((z) => toRecord(c, z)),
        total: page.total,
        current: q.currentPage,
        size: q.pageSize,
        civilNoflyNum: page.civilNoflyNum,
        notCivilNoflyNum: page.notCivilNoflyNum,
      };
    },

    async detail(c: Caller, id: number) {
      const zone = await repo.get(id, scoped(c));
      if (!zone) throw notFound();
      const [versions, anomalyCount] = await Promise.all([repo.versions(id), repo.anomalyCount(id)]);
      return { ...toRecord(c, zone), versions, anomalyCount };
    },

    create(c: Caller, body: NoflyCreateBody) {
      if (!canWrite(c)) throw forbidden('noflyReadOnly');
      const data = zoneData(c, body);
      return write((w) => w.create(data, actor(c)));
    },

    async update(c: Caller, body: NoflyUpdateBody) {
      await changeable(c, body.noflyId);
      const data = zoneData(c, body);
      return write(async (w) => {
        const version = await w.update(body.noflyId, data, actor(c));
        return version === null ? null : { id: body.noflyId, version };
      });
    },

    async enable(c: Caller, noflyId: number, opr: 0 | 1) {
      const zone = await changeable(c, noflyId);
      // Already so: nothing changes, no version is written.
      if (zone.enabled === (opr === 1)) return { noflyId, version: zone.version };
      return write(async (w) => {
        const version = await w.setEnabled(noflyId, opr === 1, actor(c));
        return version === null ? null : { id: noflyId, version };
      });
    },

    async remove(c: Caller, noflyId: number) {
      await changeable(c, noflyId);
      return write(async (w) => {
        const version = await w.remove(noflyId, actor(c));
        return version === null ? null : { id: noflyId, version };
      });
    },
  };
}
export type NoflyService = ReturnType<typeof createNoflyService>;
