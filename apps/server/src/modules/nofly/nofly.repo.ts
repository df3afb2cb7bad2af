/**
 * No-fly zones (001 §3 "No-fly zone"). Zones are public safety information: manufacturers and
 * operators see every zone (their drones must avoid all of them); a government sees the zones
 * registered in its region.
 */
import { sql } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
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
  createdByAccountId: number | null;
  createTime: string;
}

export interface NoflyListFilter {
  noflyType?: 1 | 2;
  enabled?: boolean;
}

/** The codes inside a region: [code, last code] (9-digit codes, see platform/auth/scope.ts). */
export function regionCodeRange(scope: Extract<DataScope, { kind: 'region' }>): [number, number] {
  const span = { country: 999_999, province: 9_999, city: 99, county: 0 }[scope.level];
  return [scope.code, scope.code + span];
}

/** The zone as the no-fly index wants it. */
export function toIndexZone(r: NoflyZoneRecord): NoflyZone {
  const base = { id: r.noflyId, name: r.name, noflyType: r.noflyType };
  if (r.geometry.type === 'Point')
    return { ...base, shape: 'circle', center: r.geometry.coordinates, radiusM: r.radiusM ?? 0 };
  return { ...base, shape: 'polygon', rings: r.geometry.coordinates };
}

export function createNoflyRepo(db: Db) {
  const select = () =>
    db
      .selectFrom('nofly_zones')
      .select([
        'id as noflyId',
        'name',
        'detail_address as detailAddress',
        'nofly_type as noflyType',
        'shape',
        sql<NoflyZoneRecord['geometry']>`geometry`.as('geometry'),
        'radius_m as radiusM',
        'region_code as regionCode',
        'enabled',
        'created_by_account_id as createdByAccountId',
        sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createTime'),
      ]);

  const inScope = (scope?: DataScope) => {
    let q = select();
    if (scope?.kind === 'region') {
      const [from, to] = regionCodeRange(scope);
      q = q.where('region_code', '>=', from).where('region_code', '<=', to);
    }
    return q;
  };

  return {
    /** Every enabled zone, for the no-fly index. */
    async enabledZones(): Promise<NoflyZone[]> {
      const rows = await select().where('enabled', '=', true).orderBy('id').execute();
      return rows.map(toIndexZone);
    },

    list(scope?: DataScope, filter: NoflyListFilter = {}): Promise<NoflyZoneRecord[]> {
      let q = inScope(scope);
      if (filter.noflyType) q = q.where('nofly_type', '=', filter.noflyType);
      if (filter.enabled !== undefined) q = q.where('enabled', '=', filter.enabled);
      return q.orderBy('id').execute();
    },

    /** The list's counts (001 §3: civilNoflyNum, notCivilNoflyNum). */
    async counts(scope?: DataScope): Promise<{ civilNoflyNum: number; notCivilNoflyNum: number }> {
      const rows = await inScope(scope)
        .clearSelect()
        .select(['nofly_type', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('nofly_type')
        .execute();
      const n = (type: number) => Number(rows.find((r) => r.nofly_type === type)?.n ?? 0);
      return { civilNoflyNum: n(2), notCivilNoflyNum: n(1) };
    },

    get: (id: number): Promise<NoflyZoneRecord | undefined> =>
      select().where('id', '=', id).executeTakeFirst(),
  };
}
export type NoflyRepo = ReturnType<typeof createNoflyRepo>;
