/**
 * No-fly zones (001 §3 "No-fly zone"). Zones are public safety information: manufacturers and
 * operators see every zone (their drones must avoid all of them); a government sees the zones
 * registered in its region. Deleted zones (soft delete, `deleted_at`) are left out of every read
 * here; their versions stay for the alerts raised against them.
 *
 * Every write goes through `writeVersion`: the zone row gets the next version number and the whole
 * zone as it now is goes into `nofly_zone_versions`, in the caller's transaction.
 */
import type { ZoneShape } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import type { NoflyChange } from '../../platform/schema.nofly.ts';
import type { NoflyZone, Position } from '../../telemetry/anomalies/noflyIndex.ts';

export interface NoflyZoneRecord {
  noflyId: number;
  name: string;
  detailAddress: string | null;
  noflyType: 1 | 2;
  shape: 'polygon' | 'circle';
  /** GeoJSON Polygon, or Point (the centre) for a circle. */
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'Point'; coordinates: Position };
  radiusM: number | null;
  regionCode: number | null;
  enabled: boolean;
  version: number;
  createdByAccountId: number | null;
  createdByAccountName: string | null;
  createTime: string;
  updateTime: string;
}

export interface NoflyListFilter {
  noflyType?: 1 | 2;
  enabled?: boolean;
  name?: string;
}

/** What a write stores: the zone's fields (the shape already checked by checkZoneGeometry). */
export type NoflyZoneData = ZoneShape & {
  name: string;
  detailAddress: string | null;
  noflyType: 1 | 2;
  regionCode: number | null;
};

export interface NoflyActor {
  accountId: number;
  userId: number;
}

/** The codes inside a region: [code, last code] (9-digit codes, see platform/auth/scope.ts). */
export function regionCodeRange(scope: Extract<DataScope, { kind: 'region' }>): [number, number] {
  const span = { country: 999_999, province: 9_999, city: 99, county: 0 }[scope.level];
  return [scope.code, scope.code + span];
}

/** The zone as the no-fly index wants it. */
export function toIndexZone(
  r: Pick<NoflyZoneRecord, 'noflyId' | 'name' | 'noflyType' | 'geometry' | 'radiusM' | 'version'>,
): NoflyZone {
  const base = { id: r.noflyId, name: r.name, noflyType: r.noflyType, version: r.version };
  if (r.geometry.type === 'Point')
    return { ...base, shape: 'circle', center: r.geometry.coordinates, radiusM: r.radiusM ?? 0 };
  return { ...base, shape: 'polygon', rings: r.geometry.coordinates };
}

const iso = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export function createNoflyRepo(db: Db) {
  const select = () =>
    db
      .selectFrom('nofly_zones as z')
      .leftJoin('accounts as a', 'a.id', 'z.created_by_account_id')
      .where('z.deleted_at', 'is', null)
      .select([
        'z.id as noflyId',
        'z.name',
        'z.detail_address as detailAddress',
        'z.nofly_type as noflyType',
        'z.shape',
        sql<NoflyZoneRecord['geometry']>`z.geometry`.as('geometry'),
        'z.radius_m as radiusM',
        'z.region_code as regionCode',
        'z.enabled',
        'z.version',
        'z.created_by_account_id as createdByAccountId',
        'a.account_name as createdByAccountName',
        iso('z.created_at').as('createTime'),
        iso('z.updated_at').as('updateTime'),
      ]);

  const inScope = (scope?: DataScope, filter: NoflyListFilter = {}) => {
    let q = select();
    if (scope?.kind === 'region') {
      const [from, to] = regionCodeRange(scope);
      q = q.where('z.region_code', '>=', from).where('z.region_code', '<=', to);
    }
    if (filter.noflyType) q = q.where('z.nofly_type', '=', filter.noflyType);
    if (filter.enabled !== undefined) q = q.where('z.enabled', '=', filter.enabled);
    if (filter.name) {
      const like = `%${filter.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where('z.name', 'ilike', like);
    }
    return q;
  };

  return {
    /** Every enabled zone, for the no-fly index. */
    async enabledZones(): Promise<NoflyZone[]> {
      const rows = await db
        .selectFrom('nofly_zones')
        .select([
          'id as noflyId',
          'name',
          'nofly_type as noflyType',
          sql<NoflyZoneRecord['geometry']>`geometry`.as('geometry'),
          'radius_m as radiusM',
          'version',
        ])
        .where('enabled', '=', true)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toIndexZone);
    },

    list(scope?: DataScope, filter: NoflyListFilter = {}): Promise<NoflyZoneRecord[]> {
      return inScope(scope, filter).orderBy('z.id').execute();
    },

    /** A page of the list, newest first, with the total and the type counts of the filtered set. */
    async page(scope: DataScope, filter: NoflyListFilter, currentPage: number, pageSize: number) {
      const [records, counts] = await Promise.all([
        inScope(scope, filter)
          .orderBy('z.id', 'desc')
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize)
          .execute(),
        inScope(scope, filter)
          .clearSelect()
          .select(['z.nofly_type', (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy('z.nofly_type')
          .execute(),
      ]);
      const n = (type: number) => Number(counts.find((r) => r.nofly_type === type)?.n ?? 0);
      const civilNoflyNum = n(2);
      const notCivilNoflyNum = n(1);
      return { records, total: civilNoflyNum + notCivilNoflyNum, civilNoflyNum, notCivilNoflyNum };
    },

    /** The list's counts (001 §3: civilNoflyNum, notCivilNoflyNum). */
    async counts(scope?: DataScope): Promise<{ civilNoflyNum: number; notCivilNoflyNum: number }> {
      const rows = await inScope(scope)
        .clearSelect()
        .select(['z.nofly_type', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('z.nofly_type')
        .execute();
      const n = (type: number) => Number(rows.find((r) => r.nofly_type === type)?.n ?? 0);
      return { civilNoflyNum: n(2), notCivilNoflyNum: n(1) };
    },

    /** A zone that is not deleted (in the scope when one is given). */
    get: (id: number, scope?: DataScope): Promise<NoflyZoneRecord | undefined> =>
      inScope(scope).where('z.id', '=', id).executeTakeFirst(),

    /** The versions of a zone, newest first. */
    versions: (id: number) =>
      db
        .selectFrom('nofly_zone_versions as v')
        .leftJoin('users as u', 'u.id', 'v.changed_by_user_id')
        .leftJoin('accounts as a', 'a.id', 'v.changed_by_account_id')
        .select([
          'v.version',
          'v.name',
          'v.nofly_type as noflyType',
          'v.shape',
          'v.enabled',
          'v.change',
          sql<string | null>`coalesce(u.user_name, a.account_name)`.as('changedByName'),
          iso('v.changed_at').as('changeTime'),
        ])
        .where('v.zone_id', '=', id)
        .orderBy('v.version', 'desc')
        .execute(),

    /** A zone as it was at `version` (the geometry an alert was raised against). */
    version: (id: number, version: number) =>
      db
        .selectFrom('nofly_zone_versions')
        .selectAll()
        .where('zone_id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst(),

    anomalyCount: async (id: number) =>
      Number(
        (
          await db
            .selectFrom('anomalies')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('nofly_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
export type NoflyRepo = ReturnType<typeof createNoflyRepo>;

/** Writes of zones, each in the transaction `trx` (the caller adds the change notice). */
export function createNoflyWriter(trx: Db) {
  /** Copies the zone as it now is into a version row. */
  const snapshot = (id: number, change: NoflyChange, who: NoflyActor | null) =>
    trx
      .insertInto('nofly_zone_versions')
      .columns([
        'zone_id',
        'version',
        'name',
        'detail_address',
        'nofly_type',
        'shape',
        'geometry',
        'radius_m',
        'region_code',
        'enabled',
        'change',
        'changed_by_account_id',
        'changed_by_user_id',
        'changed_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('nofly_zones')
          .select([
            'id',
            'version',
            'name',
            'detail_address',
            'nofly_type',
            'shape',
            'geometry',
            'radius_m',
            'region_code',
            'enabled',
            sql.lit(change).as('change'),
            sql<number | null>`${who?.accountId ?? null}::integer`.as('a'),
            sql<number | null>`${who?.userId ?? null}::integer`.as('u'),
            'updated_at',
          ])
          .where('id', '=', id),
      )
      .execute();

  const columns = (z: NoflyZoneData) => ({
    name: z.name,
    detail_address: z.detailAddress,
    nofly_type: z.noflyType,
    shape: z.shape,
    geometry: JSON.stringify(z.geometry),
    radius_m: z.shape === 'circle' ? z.radiusM : null,
    region_code: z.regionCode,
  });

  /** Bumps the version of a live zone with `set`; the new version, or null if there is none. */
  async function bump(
    id: number,
    set: Record<string, unknown>,
    change: NoflyChange,
    who: NoflyActor | null,
  ): Promise<number | null> {
    const row = await trx
      .updateTable('nofly_zones')
      .set({ ...set, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('version')
      .executeTakeFirst();
    if (!row) return null;
    await snapshot(id, change, who);
    return row.version;
  }

  return {
    async create(
      z: NoflyZoneData,
      who: NoflyActor | null,
      enabled = true,
    ): Promise<{ id: number; version: number }> {
      const row = await trx
        .insertInto('nofly_zones')
        .values({ ...columns(z), enabled, created_by_account_id: who?.accountId ?? null })
        .returning(['id', 'version'])
        .executeTakeFirstOrThrow();
      await snapshot(row.id, 'create', who);
      return row;
    },
    update: (id: number, z: NoflyZoneData, who: NoflyActor) => bump(id, columns(z), 'update', who),
    setEnabled: (id: number, enabled: boolean, who: NoflyActor | null) =>
      bump(id, { enabled }, enabled ? 'enable' : 'disable', who),
    remove: (id: number, who: NoflyActor) =>
      bump(id, { enabled: false, deleted_at: sql<Date>`now()` }, 'delete', who),
  };
}
