/**
 * SQL of drone control: the drones a caller controls (a page), the drones of a control call locked
 * for its transaction, each drone's current plan (block_route_drones) and the flight settings it
 * acknowledged (drone_flight_settings).
 */
import { type Kysely, sql } from 'kysely';
import { type DataScope, droneScopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';
import { contains, DRONE_COLS } from '../drones/droneList.repo.ts';
import { type RouteDroneRow, toRouteDrone } from './routes.repo.ts';

type Exec = Kysely<Database>;

/** A drone's plan statuses that make it the drone's current plan: sent, flying, paused. */
export const CURRENT_STATUSES = [1, 2, 3];

export interface ControlTarget {
  droneId: string;
  zz: number;
  yy: number | null;
  locked: boolean;
}

export interface ControlDroneRow {
  droneId: string;
  droneName: string | null;
  modelName: string | null;
  ownerName: string | null;
  locked: boolean;
  lastLng: number | null;
  lastLat: number | null;
}

export function createControlRepo(db: Db) {
  return {
    /** The drones among `ids` in the caller's scope, locked FOR UPDATE inside `trx`. */
    async lockDrones(trx: Exec, scope: DataScope, ids: readonly string[]): Promise<ControlTarget[]> {
      const rows = await trx
        .selectFrom('drones as d')
        .select(['d.drone_id', 'd.zz_account_id', 'd.yy_account_id', 'd.locked'])
        .where('d.drone_id', 'in', [...ids])
        .where(droneScopeCondition(scope, DRONE_COLS))
        .orderBy('d.drone_id')
        .forUpdate()
        .execute();
      return rows.map((r) => ({
        droneId: r.drone_id,
        zz: r.zz_account_id,
        yy: r.yy_account_id,
        locked: r.locked,
      }));
    },

    /**
     * A page of the drones in `scope` (the control scope: all, zz or yy), by drone id; `only`
     * restricts them to those ids (the online ones).
     */
    async page(
      scope: DataScope,
      q: { search?: string; currentPage: number; pageSize: number },
      only: readonly string[] | null,
    ): Promise<{ rows: ControlDroneRow[]; total: number }> {
      if (only && only.length === 0) return { rows: [], total: 0 };
      let base = db
        .selectFrom('drones as d')
        .leftJoin('drone_models as m', 'm.id', 'd.model_id')
        .leftJoin('accounts as y', 'y.id', 'd.yy_account_id')
        .where(droneScopeCondition(scope, DRONE_COLS));
      if (q.search)
        base = base.where((eb) =>
          eb.or([
            eb('d.drone_id', 'ilike', contains(q.search as string)),
            eb('d.drone_name', 'ilike', contains(q.search as string)),
          ]),
        );
      if (only) base = base.where('d.drone_id', 'in', [...only]);
      const [rows, total] = await Promise.all([
        base
          .select([
            'd.drone_id',
            'd.drone_name',
            'm.model_name',
            'y.account_name',
            'd.locked',
            'd.last_lng',
            'd.last_lat',
          ])
          .orderBy('d.drone_id')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          droneId: r.drone_id,
          droneName: r.drone_name,
          modelName: r.model_name ?? null,
          ownerName: r.account_name ?? null,
          locked: r.locked,
          lastLng: r.last_lng,
          lastLat: r.last_lat,
        })),
        total: Number(total.n),
      };
    },

    /** Each drone's newest plan row (any status), by drone. */
    async latestPlans(ids: readonly string[]): Promise<Map<string, RouteDroneRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('block_route_drones')
        .select(['route_id', 'idx', 'drone_id', 'drone_status', 'progress', 'started_at', 'finished_at'])
        .distinctOn('drone_id')
        .where('drone_id', 'in', [...ids])
        .orderBy('drone_id')
        .orderBy('updated_at', 'desc')
        .orderBy('route_id', 'desc')
        .execute();
      return new Map(rows.map((r) => [r.drone_id as string, toRouteDrone(r)]));
    },

    /** The drone's current plan row (sent, flying or paused), newest first, or null. */
    async currentPlan(droneId: string, exec: Exec = db): Promise<RouteDroneRow | null> {
      const r = await exec
        .selectFrom('block_route_drones')
        .select(['route_id', 'idx', 'drone_id', 'drone_status', 'progress', 'started_at', 'finished_at'])
        .where('drone_id', '=', droneId)
        .where('drone_status', 'in', CURRENT_STATUSES)
        .orderBy('updated_at', 'desc')
        .orderBy('route_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? toRouteDrone(r) : null;
    },

    /**
     * Assigns part i of the route to droneIds[i] with droneStatus 1 (plan sent); a plan of another
     * route those drones had been sent but not started goes back to 0 (replaced).
     */
    async assign(trx: Exec, routeId: number, droneIds: readonly string[]): Promise<void> {
      await trx
        .updateTable('block_route_drones')
        .set({ drone_status: 0, updated_at: new Date() })
        .where('drone_id', 'in', [...droneIds])
        .where('route_id', '!=', routeId)
        .where('drone_status', '=', 1)
        .execute();
      await sql`
        UPDATE block_route_drones r SET drone_id = v.drone_id, drone_status = 1, progress = 0,
          started_at = NULL, finished_at = NULL, updated_at = now()
        FROM (SELECT * FROM unnest(${sql.val([...droneIds])}::text[]) WITH ORDINALITY AS t(drone_id, n)) v
        WHERE r.route_id = ${routeId} AND r.idx = v.n - 1`.execute(trx);
    },

    /** Drones among `ids` flying or paused in a plan (they cannot take another). */
    async busy(exec: Exec, ids: readonly string[]): Promise<string[]> {
      const rows = await exec
        .selectFrom('block_route_drones')
        .select('drone_id')
        .distinct()
        .where('drone_id', 'in', [...ids])
        .where('drone_status', 'in', [2, 3])
        .execute();
      return rows.map((r) => r.drone_id as string);
    },

    async settings(ids: readonly string[]) {
      if (ids.length === 0)
        return new Map<string, { width: number | null; height: number | null; speed: number | null }>();
      const rows = await db
        .selectFrom('drone_flight_settings')
        .select(['drone_id', 'width', 'height', 'speed'])
        .where('drone_id', 'in', [...ids])
        .execute();
      return new Map(rows.map((r) => [r.drone_id, { width: r.width, height: r.height, speed: r.speed }]));
    },

    /** The drone acknowledged these settings: the given ones replace the stored ones. */
    async saveSettings(
      droneId: string,
      s: { width?: number; height?: number; speed?: number },
      commandId: number,
    ): Promise<void> {
      const v = { width: s.width ?? null, height: s.height ?? null, speed: s.speed ?? null };
      await db
        .insertInto('drone_flight_settings')
        .values({ drone_id: droneId, ...v, command_id: commandId })
        .onConflict((oc) =>
          oc
            .column('drone_id')
            .doUpdateSet({
              width: sql<number>`COALESCE(${v.width}::float8, drone_flight_settings.width)`,
              height: sql<number>`COALESCE(${v.height}::float8, drone_flight_settings.height)`,
              speed: sql<number>`COALESCE(${v.speed}::float8, drone_flight_settings.speed)`,
              command_id: commandId,
              updated_at: new Date(),
            })
            // An older settings command answered late does not undo a newer one.
            .where(
              sql<boolean>`drone_flight_settings.command_id IS NULL OR drone_flight_settings.command_id <= ${commandId}`,
            ),
        )
        .execute();
    },
  };
}
export type ControlRepo = ReturnType<typeof createControlRepo>;
