/**
 * A drone's records outside its sorties' rows: the drone log (drone_events) and its working
 * pictures (drone_pictures). Neither row carries a region, so a government sees, like in the
 * history, only what happened in its region: records timed within one of the drone's sorties in
 * its region (take-off to landing). Owners (and the platform) see all of their drone's records.
 * The caller has already asked `droneVisible` (sorties.repo): the drone itself is in scope.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { type DataScope, scopeCondition, sortieColumns } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';

/** A record of `droneId` at time column `time` that the scope sees (see the file comment). */
export function recordInScope(scope: DataScope, droneId: string, time: string): Expression<SqlBool> {
  if (scope.kind !== 'region') return sql<SqlBool>`true`;
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM sorties w
    WHERE w.drone_id = ${droneId} AND ${scopeCondition(scope, sortieColumns('w'))}
      AND ${sql.ref(time)} BETWEEN w.start_time AND w.end_time)`;
}

export interface PictureQuery {
  currentPage: number;
  pageSize: number;
  startTime?: number;
  endTime?: number;
}

export function createDroneRecords(db: Db) {
  return {
    /** The drone log, newest first, as the scope sees it. */
    async log(scope: DataScope, droneId: string, pageIndex: number, size: number) {
      const base = db
        .selectFrom('drone_events as e')
        .where('e.drone_id', '=', droneId)
        .where(recordInScope(scope, droneId, 'e.time'));
      const [{ total } = { total: 0 }] = await base.select(sql<number>`count(*)::int`.as('total')).execute();
      const rows = await base
        .select(['e.id', 'e.time', 'e.type', 'e.detail'])
        .orderBy('e.time', 'desc')
        .orderBy('e.id', 'desc')
        .limit(size)
        .offset((pageIndex - 1) * size)
        .execute();
      return {
        records: rows.map((r) => ({
          id: r.id,
          time: r.time.getTime(),
          type: r.type,
          detail: (r.detail ?? {}) as Record<string, unknown>,
        })),
        total,
        current: pageIndex,
        size,
      };
    },

    /** The drone's working pictures, newest first, as the scope sees them. */
    async pictures(scope: DataScope, droneId: string, q: PictureQuery) {
      let base = db
        .selectFrom('drone_pictures as p')
        .where('p.drone_id', '=', droneId)
        .where(recordInScope(scope, droneId, 'p.time'));
      if (q.startTime !== undefined) base = base.where('p.time', '>=', new Date(q.startTime));
      if (q.endTime !== undefined) base = base.where('p.time', '<=', new Date(q.endTime));
      const [{ total } = { total: 0 }] = await base.select(sql<number>`count(*)::int`.as('total')).execute();
      const rows = await base
        .select(['p.id', 'p.time', 'p.lng', 'p.lat', 'p.url'])
        .orderBy('p.time', 'desc')
        .orderBy('p.id', 'desc')
        .limit(q.pageSize)
        .offset((q.currentPage - 1) * q.pageSize)
        .execute();
      return {
        records: rows.map((r) => ({ ...r, time: r.time.getTime() })),
        total,
        current: q.currentPage,
        size: q.pageSize,
      };
    },
  };
}
