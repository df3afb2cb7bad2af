/**
 * Flight logs received (migration 0044_flight_logs): kept once per chain head, gzipped; and the
 * sorties a kept log covers. A sortie is covered when its flight (take-off to landing, as the
 * tracker recorded it) lies inside the log's first and last record, within COVER_SLACK_MS.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** Tolerance between the tracker's take-off and landing times and the log's first and last points. */
export const COVER_SLACK_MS = 5000;

export interface KeptLog {
  droneId: string;
  keyId: string;
  logSortie: string;
  first: number;
  last: number;
  records: number;
  head: string;
  gz: Buffer;
}

const SLACK = sql.lit(`${COVER_SLACK_MS} milliseconds`);

/** Log `f` covers sortie `s` (table aliases). */
const covers = (s: string, f: string) =>
  sql<boolean>`${sql.ref(`${f}.drone_id`)} = ${sql.ref(`${s}.drone_id`)}
       AND ${sql.ref(`${f}.first_time`)} <= ${sql.ref(`${s}.start_time`)} + ${SLACK}::interval
       AND ${sql.ref(`${f}.last_time`)} >= ${sql.ref(`${s}.end_time`)} - ${SLACK}::interval`;

/** The SQL condition "a kept log covers sortie `s`" (sorties.repo.ts marks its records with it). */
export const logCovers = (s: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM flight_logs f WHERE ${covers(s, 'f')})`;

export function createFlightLogsRepo(db: Db) {
  return {
    /** Keeps a verified log; false when this very log (its head) was kept before. */
    async keep(l: KeptLog): Promise<boolean> {
      const row = await db
        .insertInto('flight_logs')
        .values({
          drone_id: l.droneId,
          key_id: l.keyId,
          log_sortie: l.logSortie,
          first_time: new Date(l.first),
          last_time: new Date(l.last),
          records: l.records,
          head: l.head,
          log_gz: l.gz,
        })
        .onConflict((oc) => oc.columns(['drone_id', 'head']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The console's sorties of `droneId` inside [first, last] (with the slack), oldest first. */
    async covered(droneId: string, first: number, last: number): Promise<number[]> {
      const rows = await db
        .selectFrom('sorties')
        .select('sortie_id')
        .where('drone_id', '=', droneId)
        .where('start_time', '>=', new Date(first - COVER_SLACK_MS))
        .where('end_time', '<=', new Date(last + COVER_SLACK_MS))
        .orderBy('start_time')
        .limit(100)
        .execute();
      return rows.map((r) => r.sortie_id);
    },

    /** The newest kept log covering a sortie (its gzipped bytes), or undefined. */
    async forSortie(sortieId: number) {
      const r = await sql<{ head: string; log_gz: Buffer; drone_id: string; log_sortie: string }>`
        SELECT f.head, f.log_gz, f.drone_id, f.log_sortie FROM sorties s JOIN flight_logs f ON ${covers('s', 'f')}
         WHERE s.sortie_id = ${sortieId}
         ORDER BY f.received_at DESC LIMIT 1`.execute(db);
      return r.rows[0];
    },
  };
}
export type FlightLogsRepo = ReturnType<typeof createFlightLogsRepo>;
