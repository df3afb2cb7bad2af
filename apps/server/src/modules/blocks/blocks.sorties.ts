/**
 * The sorties of a block (GET /{id}/sorties) and the tracks its coverage is measured from
 * (GET /{id}/coverage): the sorties attributed to the block (sorties.block_id, as the statistics
 * attribute them) in a period, or those of a route plan's drones while they flew it.
 *
 * Which sorties: the block's owner (and the platform) sees every sortie on its block, whoever flew
 * it; a caller that sees the block read-only (shared, government) only those in its own sortie
 * scope (`sortieScope`).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { SprayPoint } from '../../telemetry/area/sprayedArea.ts';
import { decodeTrack } from '../../telemetry/codec/trackCodec.ts';

/** At most this many sorties (the newest) go into one coverage answer. */
export const COVERAGE_MAX_SORTIES = 2000;

export interface Period {
  startTime?: number;
  endTime?: number;
}

const periodOf = (p: Period) =>
  sql<SqlBool>`${p.startTime === undefined ? sql`true` : sql`s.start_time >= ${new Date(p.startTime)}`}
    AND ${p.endTime === undefined ? sql`true` : sql`s.start_time <= ${new Date(p.endTime)}`}`;

export function createBlockSortiesRepo(db: Db) {
  return {
    async page(blockId: number, scope: Expression<SqlBool>, p: Period, pageIndex: number, size: number) {
      const where = sql<SqlBool>`s.block_id = ${blockId} AND ${periodOf(p)} AND ${scope}`;
      const [rows, total] = await Promise.all([
        sql<{
          sortieId: number;
          droneId: string;
          droneName: string | null;
          start_time: Date;
          end_time: Date;
          areaMu: number;
          volumeL: number;
          pilotName: string | null;
          hasTrack: boolean;
        }>`
          SELECT s.sortie_id AS "sortieId", s.drone_id AS "droneId", d.drone_name AS "droneName",
            s.start_time, s.end_time, s.area_mu AS "areaMu", s.volume_l AS "volumeL",
            u.user_name AS "pilotName",
            EXISTS (SELECT 1 FROM sortie_tracks x WHERE x.sortie_id = s.sortie_id) AS "hasTrack"
          FROM sorties s
          LEFT JOIN drones d ON d.drone_id = s.drone_id
          LEFT JOIN users u ON u.id = s.pilot_id
          WHERE ${where}
          ORDER BY s.start_time DESC, s.sortie_id DESC
          LIMIT ${size} OFFSET ${(pageIndex - 1) * size}`.execute(db),
        sql<{ n: number }>`SELECT count(*) AS n FROM sorties s WHERE ${where}`.execute(db),
      ]);
      return {
        records: rows.rows.map(({ start_time, end_time, ...r }) => ({
          ...r,
          startTime: start_time.getTime(),
          endTime: end_time.getTime(),
        })),
        total: Number(total.rows[0]?.n ?? 0),
      };
    },

    /** The ids of the sorties a coverage reads: the block's in a period. */
    async ofPeriod(blockId: number, scope: Expression<SqlBool>, p: Period): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`
        SELECT s.sortie_id AS id FROM sorties s WHERE s.block_id = ${blockId} AND ${periodOf(p)} AND ${scope}
        ORDER BY s.start_time DESC LIMIT ${COVERAGE_MAX_SORTIES + 1}`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    /** The route (of this block) and the sorties its drones flew while on it; null without that route. */
    async ofRoute(blockId: number, routeId: number, scope: Expression<SqlBool>) {
      const route = await db
        .selectFrom('block_routes')
        .select(['route_id', 'plan'])
        .where('route_id', '=', routeId)
        .where('block_id', '=', blockId)
        .executeTakeFirst();
      if (!route) return null;
      const { rows } = await sql<{ id: number }>`
        SELECT DISTINCT s.sortie_id AS id, s.start_time FROM block_route_drones rd
        JOIN sorties s ON s.drone_id = rd.drone_id
          AND s.end_time >= rd.started_at AND s.start_time <= coalesce(rd.finished_at, now())
        WHERE rd.route_id = ${routeId} AND rd.started_at IS NOT NULL AND ${scope}
        ORDER BY s.start_time DESC LIMIT ${COVERAGE_MAX_SORTIES + 1}`.execute(db);
      const plan = route.plan as { coverageAreaM2?: number };
      return {
        sortieIds: rows.map((r) => Number(r.id)),
        plannedAreaM2: typeof plan.coverageAreaM2 === 'number' ? plan.coverageAreaM2 : null,
      };
    },

    /** The decoded tracks of these sorties (those without a stored track are left out). */
    async tracks(ids: number[]): Promise<SprayPoint[][]> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('sortie_tracks')
        .select(['sortie_id', 'track'])
        .where('sortie_id', 'in', ids)
        .execute();
      return rows.map((r) => decodeTrack(r.track));
    },
  };
}
export type BlockSortiesRepo = ReturnType<typeof createBlockSortiesRepo>;
