/** Ingest against real PostgreSQL: sorties with the simulator's true area, drop rules, recovery. */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionAt } from '../src/modules/regions/geo/regionAt.ts';
import { DEFAULT_DRONE, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { createTelemetry, type Telemetry } from '../src/telemetry/index.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let droneId: string;
let zz: number;
let yy: number;
const telemetries: Telemetry[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const d = await t.db
    .selectFrom('drones')
    .select(['drone_id', 'zz_account_id', 'yy_account_id'])
    .whereRef('zz_account_id', '!=', 'yy_account_id')
    .orderBy('drone_id')
    .executeTakeFirstOrThrow();
  droneId = d.drone_id;
  zz = d.zz_account_id;
  yy = d.yy_account_id as number;
});
afterAll(async () => {
  for (const tel of telemetries) await tel.stop();
  await t.close();
});

async function telemetry() {
  const tel = createTelemetry({ db: t.db, locate: regionAt, writer: { flushMs: 10, positionsMs: 0 } });
  telemetries.push(tel);
  await tel.start();
  return tel;
}

/** Sends points in messages of `per` points, in order, as a drone would, and waits for every ack. */
async function send(tel: Telemetry, id: string, points: readonly TelemetryPoint[], per = 20) {
  const acks: Promise<unknown>[] = [];
  for (let i = 0; i < points.length; i += per)
    acks.push(tel.ingest.ingest(id, points.slice(i, i + per), null));
  await Promise.all(acks);
}

async function settle(tel: Telemetry) {
  for (let i = 0; i < 3; i++) await tel.writer.drain();
}

const field = rectangleField({ center: { lng: 120.26, lat: 33.77 }, widthM: 90, lengthM: 260, angleDeg: 35 });

describe('telemetry ingest', () => {
  it('turns a flight into sorties with the true sprayed area and volume', async () => {
    const tel = await telemetry();
    const mission = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 6 * 3600_000,
      seed: 5,
      rateHz: 2,
    });
    await send(
      tel,
      droneId,
      mission.sorties.flatMap((s) => s.points),
    );
    await settle(tel);
    const rows = await t.db
      .selectFrom('sorties')
      .selectAll()
      .where('drone_id', '=', droneId)
      .orderBy('start_time')
      .execute();
    expect(rows).toHaveLength(mission.sorties.length);
    rows.forEach((row, i) => {
      const truth = (mission.sorties[i] as (typeof mission.sorties)[number]).truth;
      expect(Math.abs(row.area_m2 - truth.sprayedAreaM2) / truth.sprayedAreaM2).toBeLessThan(0.01);
      expect(Math.abs(row.volume_l - truth.volumeL) / truth.volumeL).toBeLessThan(0.005);
      expect(row.zz_account_id).toBe(zz);
      expect(row.province_code).toBe(156320000);
      expect(row.end_reason).toBe('landed');
    });
    const tracks = await t.db.selectFrom('sortie_tracks').select('sortie_id').execute();
    expect(tracks).toHaveLength(rows.length);
    // Landed sorties keep no chunks; the drone's last position is stored.
    const last = rows.at(-1) as (typeof rows)[number];
    const left = await t.db
      .selectFrom('track_chunks')
      .select('id')
      .where('drone_id', '=', droneId)
      .where('last_time', '<=', last.end_time)
      .execute();
    expect(left).toHaveLength(0);
    const pos = await t.db
      .selectFrom('drones')
      .select(['last_lng', 'last_time'])
      .where('drone_id', '=', droneId)
      .executeTakeFirstOrThrow();
    expect(Math.abs((pos.last_lng ?? 0) - 120.26)).toBeLessThan(0.05);
    const events = await t.db
      .selectFrom('drone_events')
      .select('type')
      .where('drone_id', '=', droneId)
      .execute();
    expect(events.filter((e) => e.type === 'landing')).toHaveLength(rows.length);
    expect(events.filter((e) => e.type === 'takeoff')).toHaveLength(rows.length);
  });

  it("ingestNow takes a cached drone at once and declines what must wait; the sender's points are never changed", async () => {
    const tel = await telemetry();
    const pts = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 3600_000,
      seed: 9,
      rateHz: 1,
    }).sorties[0]?.points.slice(0, 6) as TelemetryPoint[];
    const [id2, id3] = (
      await t.db
        .selectFrom('drones')
        .select('drone_id')
        .where('drone_id', '!=', droneId)
        .orderBy('drone_id')
        .limit(2)
        .execute()
    ).map((d) => d.drone_id) as [string, string];
    // Not in the directory (start-up loads every drone: forgotten here, as one registered later):
    // declined (ingest looks it up), then taken at once.
    tel.directory.forget((id) => id === droneId || id === id2);
    expect(tel.ingest.ingestNow(droneId, [pts[0] as TelemetryPoint], null)).toBeNull();
    expect((await tel.ingest.ingest(droneId, [pts[0] as TelemetryPoint], null)).accepted).toBe(1);
    const taken = tel.ingest.ingestNow(droneId, [pts[1] as TelemetryPoint], null);
    expect(taken?.result.accepted).toBe(1);
    await taken?.stored;
    // A key account the drone is not the maker's nor the owner's: refused at once, as ingest does.
    expect(() => tel.ingest.ingestNow(droneId, [pts[2] as TelemetryPoint], zz + yy + 1000)).toThrow(
      /not the key account's/,
    );
    // An unknown drone, once looked up, is refused at once.
    await expect(tel.ingest.ingest('NOSUCHDRONE0001', [pts[2] as TelemetryPoint], null)).rejects.toThrow(
      /unknown/,
    );
    expect(() => tel.ingest.ingestNow('NOSUCHDRONE0001', [pts[2] as TelemetryPoint], null)).toThrow(
      /unknown/,
    );
    // A drone with a message waiting for its lookup: its next message waits behind it, in order.
    const first = tel.ingest.ingest(id2, [pts[0] as TelemetryPoint], null);
    expect(tel.ingest.ingestNow(id2, [pts[1] as TelemetryPoint], null)).toBeNull();
    await first;
    // A pilot the directory does not know yet: declined; ingest looks the pilot up, unlinks it,
    // and the sender's array and points keep their pilotId.
    await tel.ingest.ingest(id3, [pts[0] as TelemetryPoint], null);
    const mine = [{ ...(pts[2] as TelemetryPoint), pilotId: 987_654_321 }];
    const frozen = structuredClone(mine);
    expect(tel.ingest.ingestNow(id3, mine, null)).toBeNull();
    const r = await tel.ingest.ingest(id3, mine, null);
    expect(r).toMatchObject({ accepted: 1, pilotUnlinked: 1 });
    expect(mine).toEqual(frozen);
    // Counted as stored once committed, whichever way they came (five points).
    await settle(tel);
    expect(tel.ingest.counters.accepted).toBe(5);
  });

  it('drops points outside the coordinate range and duplicate record times, and counts them', async () => {
    const tel = await telemetry();
    const base = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 2 * 3600_000,
      seed: 6,
      rateHz: 1,
    }).sorties[0]?.points.slice(0, 5) as TelemetryPoint[];
    const bad = [
      ...base,
      { ...(base[1] as TelemetryPoint) },
      { ...(base[4] as TelemetryPoint), recordTime: (base[4] as TelemetryPoint).recordTime + 1000, lng: 181 },
      {
        ...(base[4] as TelemetryPoint),
        recordTime: (base[4] as TelemetryPoint).recordTime + 2000,
        lat: -90.5,
      },
    ];
    const other = (
      await t.db
        .selectFrom('drones')
        .select('drone_id')
        .where('drone_id', '!=', droneId)
        .executeTakeFirstOrThrow()
    ).drone_id;
    const r = await tel.ingest.ingest(other, bad, null);
    expect(r).toEqual({
      accepted: 5,
      outOfRange: 2,
      outOfTime: 0,
      duplicates: 1,
      implausible: 0,
      pilotUnlinked: 0,
    });
    const again = await tel.ingest.ingest(other, base.slice(3), null);
    expect(again).toEqual({
      accepted: 0,
      outOfRange: 0,
      outOfTime: 0,
      duplicates: 2,
      implausible: 0,
      pilotUnlinked: 0,
    });
  });

  it("refuses an unknown drone and a drone of another account than the key's", async () => {
    const tel = await telemetry();
    const p =
      runMission(DEFAULT_DRONE, field, {
        startTime: Date.now(),
        seed: 7,
        rateHz: 1,
      }).sorties[0]?.points.slice(0, 2) ?? [];
    await expect(tel.ingest.ingest('NO-SUCH-DRONE', p, null)).rejects.toMatchObject({ status: 404 });
    const stranger = (
      await t.db.selectFrom('accounts').select('id').where('id', 'not in', [zz, yy]).executeTakeFirstOrThrow()
    ).id;
    await expect(tel.ingest.ingest(droneId, p, stranger)).rejects.toMatchObject({ status: 403 });
    await expect(tel.ingest.message(droneId, Buffer.from('{"lng":'), null)).rejects.toThrow(/not JSON/);
    await expect(tel.ingest.message(droneId, Buffer.from('{"points":[{"lng":1}]}'), null)).rejects.toThrow(
      /invalid telemetry/,
    );
    expect(tel.ingest.counters.rejected).toBe(4);
  });

  it('keeps storing while something drains the writer over and over (a drain once stalled it for good)', async () => {
    const tel = await telemetry();
    const id = (await t.db.selectFrom('drones').select('drone_id').offset(7).executeTakeFirstOrThrow())
      .drone_id;
    const points = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 9 * 3600_000,
      seed: 12,
      rateHz: 1,
    })
      .sorties.flatMap((s) => s.points)
      .slice(0, 400);
    let draining = true;
    const drains = (async () => {
      while (draining) {
        await tel.writer.drain();
        await new Promise((r) => setTimeout(r, 3));
      }
    })();
    const stalled = (ms: number) =>
      new Promise((_, reject) => setTimeout(() => reject(new Error('writer stalled')), ms));
    for (let i = 0; i < points.length; i += 20)
      await Promise.race([tel.ingest.ingest(id, points.slice(i, i + 20), null), stalled(5000)]);
    draining = false;
    await drains;
    expect(tel.writer.stats().pendingPoints).toBe(0);
  });

  it("forgets a grounded drone's points older than 10 minutes, and never an airborne drone's", async () => {
    const tel = await telemetry();
    const [idle, flying] = (
      await t.db.selectFrom('drones').select('drone_id').orderBy('drone_id').offset(20).limit(2).execute()
    ).map((d) => d.drone_id) as [string, string];
    const t0 = Date.now() - 40 * 60_000;
    // Switched on for 30 minutes on the ground, one point a minute.
    const ground = Array.from({ length: 31 }, (_, i) => ({
      recordTime: t0 + i * 60_000,
      lng: 120.26,
      lat: 33.77,
      height: 0,
      speed: 0,
      heading: 0,
      battery: 90,
      flow: 0,
      pump: false,
      swath: 6,
      tank: 10,
      mode: 'manual' as const,
    }));
    // (Drained each time: in service the journal is compacted every 2 s, so chunks span seconds.)
    for (const p of ground) {
      await tel.ingest.ingest(idle, [p], null);
      await tel.writer.drain();
    }
    // In the air for 30 minutes: its points stay whatever their age.
    const air = ground.map((p) => ({ ...p, height: 3, speed: 4, recordTime: p.recordTime + 1000 }));
    for (const p of air) {
      await tel.ingest.ingest(flying, [p], null);
      await tel.writer.drain();
    }
    await settle(tel);
    expect(tel.ingest.pruneGround()).toBeGreaterThanOrEqual(1);
    await settle(tel);
    const kept = async (id: string) =>
      (await t.db.selectFrom('track_chunks').select('points').where('drone_id', '=', id).execute()).reduce(
        (n, r) => n + r.points,
        0,
      );
    expect(await kept(idle)).toBe(11); // the last 10 minutes and the boundary minute
    expect(await kept(flying)).toBe(31);
  });

  it('a new process rebuilds an open sortie from stored chunks and lands it whole', async () => {
    const id = (
      await t.db.selectFrom('drones').select('drone_id').orderBy('drone_id', 'desc').executeTakeFirstOrThrow()
    ).drone_id;
    const mission = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 4 * 3600_000,
      seed: 8,
      rateHz: 2,
    });
    const first = mission.sorties[0] as (typeof mission.sorties)[number];
    const half = Math.floor(first.points.length / 2);
    const a = await telemetry();
    await send(a, id, first.points.slice(0, half));
    // Process A is gone (its acknowledged points are in track_chunks); process B takes over.
    const b = await telemetry();
    expect(b.ingest.drones.get(id)?.tracker.airborne).toBe(true);
    await send(b, id, first.points.slice(half));
    await settle(b);
    const rows = await t.db.selectFrom('sorties').selectAll().where('drone_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(Math.abs(row.area_m2 - first.truth.sprayedAreaM2) / first.truth.sprayedAreaM2).toBeLessThan(0.01);
    expect(row.point_count).toBeGreaterThan(half);
  });
});
