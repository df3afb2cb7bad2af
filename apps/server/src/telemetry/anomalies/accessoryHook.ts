/**
 * oddType 6, unlisted accessory (our extension of 001 §4; README.md "6: unlisted accessory").
 * Telemetry points may name the accessories in use (`accessories: [{type, hwId}]`). The writer
 * records them (`recordAccessories`) as intervals per drone and accessory in the flush transaction
 * that stores the points; at landing `accessoryAnomaly` reads those overlapping the sortie and
 * judges them against the whitelist of the drone's manufacturer (`drones.zz_account_id`): an
 * accessory is unlisted when that manufacturer has a list for its type and the id is not on it (no
 * list for a type: no restriction). `accessoryVerdicts` is the same rule for the pre-take-off check
 * (modules/whitelist). Raw SQL: `device_whitelist` belongs to the whitelist module (migrations 0042,
 * 0046).
 */
import type { TelemetryAccessory, TelemetryPoint } from '@agrifleet/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/schema.ts';
import type { Chunk } from '../ingest/writerStore.ts';
import type { SortieAnomaly } from './sortieRules.ts';

/** A sighting further than this from the accessory's last one starts a new interval. */
export const ACCESSORY_GAP_MS = 10 * 60_000;
/** Most unlisted accessories an anomaly names. */
const MAX_NAMED = 16;

const key = (droneId: string, a: TelemetryAccessory) => `${droneId}\u0000${a.type}\u0000${a.hwId}`;

/** The accessories the chunks' points name, as one interval per drone and accessory, upserted. */
export async function recordAccessories(trx: Kysely<Database>, chunks: readonly Chunk[]): Promise<void> {
  const seen = new Map<string, { droneId: string; a: TelemetryAccessory; from: number; to: number }>();
  for (const c of chunks)
    for (const p of c.points) {
      if (!p.accessories?.length) continue;
      for (const a of p.accessories) {
        const k = key(c.droneId, a);
        const s = seen.get(k);
        if (!s) seen.set(k, { droneId: c.droneId, a, from: p.recordTime, to: p.recordTime });
        else {
          if (p.recordTime < s.from) s.from = p.recordTime;
          if (p.recordTime > s.to) s.to = p.recordTime;
        }
      }
    }
  if (!seen.size) return;
  const rows = [...seen.values()];
  // Extends an interval that the new one touches (within the gap), else starts one.
  await sql`
    WITH s AS (
      SELECT * FROM unnest(${rows.map((r) => r.droneId)}::text[], ${rows.map((r) => r.a.type)}::smallint[],
                           ${rows.map((r) => r.a.hwId)}::text[], ${rows.map((r) => new Date(r.from))}::timestamptz[],
                           ${rows.map((r) => new Date(r.to))}::timestamptz[]) AS s(drone_id, type, hw_id, f, t)
    ), upd AS (
      UPDATE accessory_sightings a
         SET first_seen = least(a.first_seen, s.f), last_seen = greatest(a.last_seen, s.t)
        FROM s
       WHERE a.drone_id = s.drone_id AND a.type = s.type AND a.hw_id = s.hw_id
         AND a.last_seen >= s.f - ${`${ACCESSORY_GAP_MS} milliseconds`}::interval
         AND a.first_seen <= s.t + ${`${ACCESSORY_GAP_MS} milliseconds`}::interval
      RETURNING a.drone_id, a.type, a.hw_id
    )
    INSERT INTO accessory_sightings (drone_id, type, hw_id, first_seen, last_seen)
    SELECT s.drone_id, s.type, s.hw_id, s.f, s.t FROM s
     WHERE NOT EXISTS (SELECT 1 FROM upd WHERE upd.drone_id = s.drone_id AND upd.type = s.type AND upd.hw_id = s.hw_id)`.execute(
    trx,
  );
}

export interface AccessoryVerdict extends TelemetryAccessory {
  /** The manufacturer has a list for this type. */
  restricted: boolean;
  /** No list for the type, or the id is on it. */
  allowed: boolean;
}

/** Judges accessories against the whitelist of account `makerId` (null: no maker, nothing restricted). */
export async function accessoryVerdicts(
  db: Kysely<Database>,
  makerId: number | null,
  items: readonly TelemetryAccessory[],
): Promise<AccessoryVerdict[]> {
  if (makerId === null || !items.length)
    return items.map((a) => ({ ...a, restricted: false, allowed: true }));
  const types = [...new Set(items.map((a) => a.type))];
  const { rows } = await sql<{ type: number; hw_id: string | null }>`
    SELECT t.type, w.hw_id
      FROM unnest(${types}::smallint[]) AS t(type)
      JOIN LATERAL (SELECT 1 FROM device_whitelist x WHERE x.account_id = ${makerId} AND x.type = t.type LIMIT 1) l ON TRUE
      LEFT JOIN device_whitelist w
        ON w.account_id = ${makerId} AND w.type = t.type AND w.hw_id = ANY(${items.map((a) => a.hwId)}::text[])`.execute(
    db,
  );
  const restricted = new Set(rows.map((r) => r.type));
  const listed = new Set(rows.filter((r) => r.hw_id !== null).map((r) => `${r.type}|${r.hw_id}`));
  return items.map((a) => {
    const r = restricted.has(a.type);
    return { ...a, restricted: r, allowed: !r || listed.has(`${a.type}|${a.hwId}`) };
  });
}

/** The drone's manufacturer account (its whitelist is the one that counts). */
export async function manufacturerOf(db: Kysely<Database>, droneId: string): Promise<number | null> {
  const { rows } = await sql<{ zz_account_id: number | null }>`
    SELECT zz_account_id FROM drones WHERE drone_id = ${droneId}`.execute(db);
  return rows[0]?.zz_account_id ?? null;
}

/**
 * The unlisted-accessory anomaly of a landing sortie, or null. Placed at the sortie's first point
 * at or after the first sighting of an unlisted accessory; detail names them (type, hwId).
 * Simulated sorties are not judged.
 */
export async function accessoryAnomaly(
  trx: Transaction<Database>,
  sortie: { drone_id: string; start_time: number; end_time: number; simulated: boolean },
  points: readonly TelemetryPoint[],
): Promise<SortieAnomaly | null> {
  if (sortie.simulated || !points.length) return null;
  const { rows } = await sql<{ type: number; hw_id: string; first_seen: Date }>`
    SELECT type, hw_id, min(first_seen) AS first_seen FROM accessory_sightings
     WHERE drone_id = ${sortie.drone_id}
       AND last_seen >= ${new Date(sortie.start_time)} AND first_seen <= ${new Date(sortie.end_time)}
     GROUP BY type, hw_id ORDER BY min(first_seen), type, hw_id`.execute(trx);
  if (!rows.length) return null;
  const verdicts = await accessoryVerdicts(
    trx,
    await manufacturerOf(trx, sortie.drone_id),
    rows.map((r) => ({ type: r.type, hwId: r.hw_id })),
  );
  const bad = verdicts.filter((v) => !v.allowed);
  if (!bad.length) return null;
  const firstMs = Math.max(
    sortie.start_time,
    Math.min(...rows.filter((_, i) => !verdicts[i]?.allowed).map((r) => r.first_seen.getTime())),
  );
  const p = points.find((x) => x.recordTime >= firstMs) ?? (points[0] as TelemetryPoint);
  return {
    oddType: 6,
    time: p.recordTime,
    lng: p.lng,
    lat: p.lat,
    detail: {
      rule: 'accessory',
      accessories: bad.slice(0, MAX_NAMED).map((v) => ({ type: v.type, hwId: v.hwId })),
      count: bad.length,
    },
  };
}
