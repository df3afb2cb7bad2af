/**
 * SQL of group routes (block_routes, block_route_drones; migration 0019) and the little of a block
 * they need. Who sees and changes a route follows its block's owner (README "Who"): the caller's
 * own account and its sub-accounts change it (the platform every one); a user a block was shared
 * with reads its routes.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { BlockGeometry } from '../../platform/schema.stats.ts';
import type { Database } from '../../platform/schema.ts';

type Exec = Kysely<Database>;

/** Who is asking: the account (and its type) and the user (shares are per user). */
export interface RouteActor {
  accountId: number;
  accountType: number;
  userId: number;
  /** A government's rule region as a code range: it reads the routes of the blocks in it. */
  region?: [number, number] | null;
}

/** The caller's account and every account under it (parent_id, any depth). */
const ownAccounts = (a: RouteActor) => sql<number>`(
  WITH RECURSIVE sub(id) AS (
    SELECT ${a.accountId}::int
    UNION SELECT ac.id FROM accounts ac JOIN sub ON ac.parent_id = sub.id
  ) SELECT id FROM sub)`;

/** The owner column's account is the caller's (or under it); the platform owns every one. */
export function editableBy(a: RouteActor, ownerCol: string): RawBuilder<SqlBool> {
  if (a.accountType === 1) return sql<SqlBool>`true`;
  return sql<SqlBool>`${sql.ref(ownerCol)} IN ${ownAccounts(a)}`;
}

/** Shared with the caller's user (block_shares), or (a government) the block lies in its region. */
function sharedWith(a: RouteActor, blockCol: string): RawBuilder<SqlBool> {
  const shared = sql<SqlBool>`EXISTS (SELECT 1 FROM block_shares s WHERE s.block_id = ${sql.ref(blockCol)} AND s.user_id = ${a.userId})`;
  if (!a.region) return shared;
  return sql<SqlBool>`(${shared} OR EXISTS (SELECT 1 FROM blocks rb WHERE rb.block_id = ${sql.ref(blockCol)}
    AND rb.region_code BETWEEN ${a.region[0]} AND ${a.region[1]}))`;
}

export interface BlockForRoute {
  blockId: number;
  blockName: string;
  ownerAccountId: number;
  geometry: BlockGeometry;
  editable: boolean;
}

export interface RouteRow {
  routeId: number;
  blockId: number | null;
  blockName: string | null;
  ownerAccountId: number;
  name: string | null;
  blockGeometry: BlockGeometry;
  params: Record<string, unknown>;
  plan: Record<string, unknown>;
  createdAt: Date;
  createdByName: string | null;
  editable: boolean;
}

export interface RouteDroneRow {
  routeId: number;
  idx: number;
  droneId: string | null;
  droneStatus: number;
  progress: number;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const DRONE_COLS = [
  'route_id',
  'idx',
  'drone_id',
  'drone_status',
  'progress',
  'started_at',
  'finished_at',
] as const;
type DroneDb = {
  route_id: number;
  idx: number;
  drone_id: string | null;
  drone_status: number;
  progress: number;
  started_at: Date | null;
  finished_at: Date | null;
};
export const toRouteDrone = (r: DroneDb): RouteDroneRow => ({
  routeId: Number(r.route_id),
  idx: r.idx,
  droneId: r.drone_id,
  droneStatus: r.drone_status,
  progress: r.progress,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export function createRoutesRepo(db: Db) {
  /** Route rows the caller sees, with `editable`; `where` narrows them. */
  function routes(a: RouteActor, exec: Exec = db) {
    return exec
      .selectFrom('block_routes as r')
      .leftJoin('blocks as b', 'b.block_id', 'r.block_id')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select([
        'r.route_id',
        'r.block_id',
        'b.block_name',
        'r.owner_account_id',
        'r.name',
        'r.block_geometry',
        'r.params',
        'r.plan',
        'r.created_at',
        'u.user_name',
      ])
      .select(editableBy(a, 'r.owner_account_id').as('editable'))
      .where((eb) => eb.or([editableBy(a, 'r.owner_account_id'), sharedWith(a, 'r.block_id')]));
  }
  type Raw = Awaited<ReturnType<ReturnType<typeof routes>['executeTakeFirstOrThrow']>>;
  const toRoute = (r: Raw): RouteRow => ({
    routeId: Number(r.route_id),
    blockId: r.block_id === null ? null : Number(r.block_id),
    blockName: r.block_name ?? null,
    ownerAccountId: r.owner_account_id,
    name: r.name,
    blockGeometry: r.block_geometry,
    params: r.params,
    plan: r.plan,
    createdAt: r.created_at,
    createdByName: r.user_name ?? null,
    editable: Boolean(r.editable),
  });

  async function setStatusFrom(
    routeId: number,
    droneId: string,
    status: number,
    from: readonly number[],
    progress?: number,
  ): Promise<void> {
    await db
      .updateTable('block_route_drones')
      .set({
        drone_status: status,
        updated_at: new Date(),
        ...(progress !== undefined ? { progress } : {}),
        ...(status === 2 ? { started_at: sql<Date>`COALESCE(started_at, now())` } : {}),
        ...(status >= 4 ? { finished_at: sql<Date>`now()` } : {}),
      })
      .where('route_id', '=', routeId)
      .where('drone_id', '=', droneId)
      .where('drone_status', 'in', [...from])
      .execute();
  }

  return {
    /** The block if the caller sees it (own, under its account, or shared with it), else null. */
    async block(a: RouteActor, blockId: number): Promise<BlockForRoute | null> {
      const r = await db
        .selectFrom('blocks as b')
        .select(['b.block_id', 'b.block_name', 'b.yy_account_id', 'b.geometry'])
        .select(editableBy(a, 'b.yy_account_id').as('editable'))
        .where('b.block_id', '=', blockId)
        .where((eb) => eb.or([editableBy(a, 'b.yy_account_id'), sharedWith(a, 'b.block_id')]))
        .executeTakeFirst();
      if (!r) return null;
      return {
        blockId: Number(r.block_id),
        blockName: r.block_name,
        ownerAccountId: r.yy_account_id,
        geometry: r.geometry,
        editable: Boolean(r.editable),
      };
    },

    /** Stores the route and its `droneCount` parts (no drone yet, droneStatus 0). */
    async insert(
      trx: Exec,
      v: {
        blockId: number;
        ownerAccountId: number;
        name: string | null;
        geometry: BlockGeometry;
        params: Record<string, unknown>;
        plan: Record<string, unknown>;
        parts: number;
        createdBy: number;
      },
    ): Promise<number> {
      const { route_id } = await trx
        .insertInto('block_routes')
        .values({
          block_id: v.blockId,
          owner_account_id: v.ownerAccountId,
          name: v.name,
          block_geometry: JSON.stringify(v.geometry),
          params: JSON.stringify(v.params),
          plan: JSON.stringify(v.plan),
          created_by: v.createdBy,
        })
        .returning('route_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('block_route_drones')
        .values(Array.from({ length: v.parts }, (_, idx) => ({ route_id: route_id, idx, drone_id: null })))
        .execute();
      return Number(route_id);
    },

    async byId(a: RouteActor, routeId: number, exec: Exec = db): Promise<RouteRow | null> {
      const r = await routes(a, exec).where('r.route_id', '=', routeId).executeTakeFirst();
      return r ? toRoute(r) : null;
    },

    /** The route row locked FOR UPDATE (assignments and status changes of one route queue up). */
    async lock(trx: Exec, a: RouteActor, routeId: number): Promise<RouteRow | null> {
      const r = await routes(a, trx).where('r.route_id', '=', routeId).forUpdate('r').executeTakeFirst();
      return r ? toRoute(r) : null;
    },

    /** A page of the routes the caller sees (of one block), newest first, and their total. */
    async page(a: RouteActor, q: { blockId?: number; pageIndex: number; size: number }) {
      let base = routes(a);
      if (q.blockId !== undefined) base = base.where('r.block_id', '=', q.blockId);
      const [rows, total] = await Promise.all([
        base
          .orderBy('r.created_at', 'desc')
          .orderBy('r.route_id', 'desc')
          .limit(q.size)
          .offset((q.pageIndex - 1) * q.size)
          .execute(),
        base
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRoute), total: Number(total.n) };
    },

    async drones(routeIds: readonly number[], exec: Exec = db): Promise<RouteDroneRow[]> {
      if (routeIds.length === 0) return [];
      const rows = await exec
        .selectFrom('block_route_drones')
        .select(DRONE_COLS)
        .where('route_id', 'in', [...routeIds])
        .orderBy('route_id')
        .orderBy('idx')
        .execute();
      return rows.map(toRouteDrone);
    },

    /** Sets a drone's status in a route; started_at on 2 (first time), finished_at on 4, 5 and 6. */
    async setStatus(
      exec: Exec,
      routeId: number,
      droneId: string,
      status: number,
      progress?: number,
    ): Promise<boolean> {
      const r = await exec
        .updateTable('block_route_drones')
        .set({
          drone_status: status,
          updated_at: new Date(),
          ...(progress !== undefined ? { progress: sql<number>`GREATEST(progress, ${progress})` } : {}),
          ...(status === 2 ? { started_at: sql<Date>`COALESCE(started_at, now())`, finished_at: null } : {}),
          ...(status >= 4 ? { finished_at: sql<Date>`now()` } : {}),
        })
        .where('route_id', '=', routeId)
        .where('drone_id', '=', droneId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * A drone's answer moves its status in the route to `status` when it is one of `from`
     * (answers may arrive late or repeated), and raises its progress while the plan is open.
     */
    async applyAnswer(
      routeId: number,
      droneId: string,
      change: { status: number; from: readonly number[] } | null,
      progress: number | null,
    ): Promise<void> {
      if (progress !== null)
        await db
          .updateTable('block_route_drones')
          .set({ progress: sql<number>`GREATEST(progress, ${progress})`, updated_at: new Date() })
          .where('route_id', '=', routeId)
          .where('drone_id', '=', droneId)
          .where('drone_status', 'in', [1, 2, 3])
          .execute();
      if (change)
        await setStatusFrom(
          routeId,
          droneId,
          change.status,
          change.from,
          change.status === 5 ? 1 : undefined,
        );
    },
  };
}
export type RoutesRepo = ReturnType<typeof createRoutesRepo>;
