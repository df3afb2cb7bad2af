/**
 * Nothing acknowledged is lost when the server is killed with SIGKILL mid-stream: the real server
 * (`node --import tsx src/main.ts`) in a child process on a fresh database; simulated drones stream
 * by HTTP batch concurrently; every point whose batch got 2xx is recorded; SIGKILL; restart on the
 * same database; every acknowledged point is stored (track_chunks or a sortie track), and sending
 * the rest of the flights gives complete sorties (each with every point of its flight).
 */
import type { ChildProcess } from 'node:child_process';
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db.ts';
import { DEFAULT_DRONE, type MissionRun, rectangleField, runMission } from '../src/sim/flight/index.ts';
import { decodeTrack } from '../src/telemetry/codec/trackCodec.ts';
import { type ConsoleSite, consoleSite, signInOver, startChildConsole } from './childConsole.ts';

const DRONES = 6;
const PER_BATCH = 40;
/** SIGKILL once this share of all points is acknowledged. */
const KILL_AT = 0.55;

let site: ConsoleSite | undefined;
let db: Db;
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;

/** Starts the server and resolves once it answers /api/health (recovery runs before it listens). */
async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const c = await startChildConsole({
    databaseUrl,
    port,
    dataDir,
    jwtSecret: 'sigkill-secret-sigkill-secret-sigkill',
  });
  return c.proc;
}

const base = () => `http://127.0.0.1:${port}`;
const signIn = (phoneNum: string) => signInOver(base(), phoneNum);

/** maker-a's telemetry key, made in the console as a user would (PUT, then download). */
async function makerKey(): Promise<string> {
  const auth = await signIn('13800000003');
  const put = await fetch(`${base()}/api/user/account/secretKey`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ vid: 'sigkill-gw' }),
  });
  expect(put.status).toBe(200);
  const text = await (await fetch(`${base()}/api/user/account/secretKey`, { headers: auth })).text();
  const secret = /secret=(.+)/.exec(text)?.[1] as string;
  return `Basic ${Buffer.from(`sigkill-gw:${secret}`).toString('base64')}`;
}

interface Flight {
  droneId: string;
  mission: MissionRun;
  points: TelemetryPoint[];
  /** Index of the first point not acknowledged. */
  acked: number;
}

/**
 * Sends each drone's points from `acked` on, one batch at a time per drone (all drones at once),
 * moving `acked` on each 2xx. Stops a drone at its first failure (the server died).
 */
async function stream(flights: Flight[], authorization: string, onAck?: () => void) {
  await Promise.all(
    flights.map(async (f) => {
      while (f.acked < f.points.length) {
        const points = f.points.slice(f.acked, f.acked + PER_BATCH);
        let res: Response;
        try {
          res = await fetch(`${base()}/api/telemetry/batch`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ drones: [{ droneId: f.droneId, points }] }),
          });
        } catch {
          return;
        }
        if (!res.ok) return;
        const body = (await res.json()) as {
          data: { drones: Array<{ accepted: number; duplicates: number }> };
        };
        const r = body.data.drones[0];
        // A resent batch may have been stored before the kill: then its points are duplicates.
        expect((r?.accepted ?? 0) + (r?.duplicates ?? 0)).toBe(points.length);
        f.acked += points.length;
        onAck?.();
      }
    }),
  );
}

/** Every stored point of the drones: track_chunks and sortie tracks, by drone and recordTime. */
async function storedPoints(ids: string[]): Promise<Map<string, Map<number, TelemetryPoint>>> {
  const out = new Map(ids.map((id) => [id, new Map<number, TelemetryPoint>()]));
  const chunks = await db
    .selectFrom('track_chunks')
    .select(['drone_id', 'data'])
    .where('drone_id', 'in', ids)
    .execute();
  const tracks = await db
    .selectFrom('sortie_tracks as t')
    .innerJoin('sorties as s', 's.sortie_id', 't.sortie_id')
    .select(['s.drone_id', 't.track as data'])
    .where('s.drone_id', 'in', ids)
    .execute();
  for (const row of [...chunks, ...tracks])
    for (const p of decodeTrack(row.data)) out.get(row.drone_id)?.set(p.recordTime, p);
  return out;
}

beforeAll(async () => {
  site = await consoleSite('sigkill');
  ({ db, dataDir, port } = site);
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await site?.dispose();
});

describe('telemetry after SIGKILL', () => {
  it('keeps every acknowledged point and completes the sorties once the rest is sent', {
    timeout: 120_000,
  }, async () => {
    const databaseUrl = site?.databaseUrl as string;
    child = await startServer(databaseUrl);
    const authorization = await makerKey();
    const maker = await db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '极翼植保无人机有限公司')
      .executeTakeFirstOrThrow();
    const ids = (
      await db
        .selectFrom('drones')
        .select('drone_id')
        .where('zz_account_id', '=', maker.id)
        .orderBy('drone_id')
        .limit(DRONES)
        .execute()
    ).map((d) => d.drone_id);
    expect(ids).toHaveLength(DRONES);

    // Live flights: the point reached at the kill is about "now", as for drones streaming live
    // (after a restart the trackers run on the drones' clocks; a long silence would time out).
    const flights: Flight[] = ids.map((droneId, i) => {
      const field = rectangleField({
        center: { lng: 120.2 + i * 0.01, lat: 33.7 + i * 0.005 },
        widthM: 80,
        lengthM: 200,
        angleDeg: 15 * i,
      });
      const mission = runMission(DEFAULT_DRONE, field, {
        startTime: 1e12,
        seed: 40 + i,
        rateHz: 5,
        refillS: 20,
      });
      const all = mission.sorties.flatMap((s) => s.points);
      const shift = Date.now() - 1e12 - KILL_AT * ((all.at(-1) as TelemetryPoint).recordTime - 1e12);
      return {
        droneId,
        mission,
        points: all.map((p) => ({ ...p, recordTime: p.recordTime + shift })),
        acked: 0,
      };
    });
    const total = flights.reduce((n, f) => n + f.points.length, 0);
    expect(flights.every((f) => f.mission.sorties.length >= 2)).toBe(true);

    // Stream, and SIGKILL mid-stream (requests of every drone in flight).
    let killedAt = 0;
    const server = child;
    const exited = new Promise((r) => server.once('exit', r));
    await stream(flights, authorization, () => {
      const acked = flights.reduce((n, f) => n + f.acked, 0);
      if (!killedAt && acked >= KILL_AT * total) {
        killedAt = acked;
        server.kill('SIGKILL');
      }
    });
    await exited;
    expect(server.signalCode).toBe('SIGKILL');
    expect(killedAt).toBeGreaterThan(0);
    const ackedBefore = flights.map((f) => f.acked);
    expect(ackedBefore.every((a, i) => a > 0 && a < (flights[i] as Flight).points.length)).toBe(true);

    // Restart on the same database: recovery runs before the server listens.
    child = await startServer(databaseUrl);
    const stored = await storedPoints(ids);
    const landed = await db
      .selectFrom('sorties')
      .select(['drone_id', 'start_time'])
      .where('drone_id', 'in', ids)
      .execute();
    for (const f of flights) {
      const mine = stored.get(f.droneId) as Map<number, TelemetryPoint>;
      // By design (writer.ts insertSortie) a stored sortie's chunks are deleted whole, and with
      // them the drone's ground samples before its take-off, which belong to no sortie: the only
      // acknowledged points allowed to be missing, with or without a crash.
      const takeoffs = landed.filter((s) => s.drone_id === f.droneId).map((s) => s.start_time.getTime());
      const beforeTakeoff = (p: TelemetryPoint) => p.height < 0.8 && takeoffs.some((t) => p.recordTime < t);
      const missing = f.points.slice(0, f.acked).filter((p) => !mine.has(p.recordTime) && !beforeTakeoff(p));
      expect(missing, `${f.droneId}: acknowledged points lost`).toHaveLength(0);
      for (const p of f.points.slice(0, f.acked)) {
        const s = mine.get(p.recordTime);
        if (!s) continue;
        expect(Math.abs(s.lng - p.lng)).toBeLessThan(1e-6);
        expect(Math.abs(s.lat - p.lat)).toBeLessThan(1e-6);
      }
    }

    // The rest of the flights (from the first batch not acknowledged, as a drone would resend).
    await stream(flights, authorization);
    expect(flights.every((f) => f.acked === f.points.length)).toBe(true);
    const expected = flights.reduce((n, f) => n + f.mission.sorties.length, 0);
    const deadline = Date.now() + 20_000;
    let sorties: Array<{
      drone_id: string;
      sortie_id: number;
      start_time: Date;
      end_time: Date;
      area_m2: number;
    }> = [];
    while (Date.now() < deadline) {
      sorties = await db
        .selectFrom('sorties')
        .select(['drone_id', 'sortie_id', 'start_time', 'end_time', 'area_m2'])
        .where('drone_id', 'in', ids)
        .orderBy('drone_id')
        .orderBy('start_time')
        .execute();
      if (sorties.length >= expected) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(sorties).toHaveLength(expected);
    const tracks = new Map(
      (
        await db
          .selectFrom('sortie_tracks')
          .select(['sortie_id', 'track'])
          .where(
            'sortie_id',
            'in',
            sorties.map((s) => s.sortie_id),
          )
          .execute()
      ).map((t) => [t.sortie_id, decodeTrack(t.track)]),
    );
    for (const f of flights) {
      const mine = sorties.filter((s) => s.drone_id === f.droneId);
      expect(mine).toHaveLength(f.mission.sorties.length);
      mine.forEach((s, i) => {
        // Complete: the track holds every point the drone sent between take-off and touchdown.
        const sent = f.points
          .filter((p) => p.recordTime >= s.start_time.getTime() && p.recordTime <= s.end_time.getTime())
          .map((p) => p.recordTime);
        const track = (tracks.get(s.sortie_id) ?? []).map((p) => p.recordTime);
        expect(track, `${f.droneId} sortie ${i}`).toEqual(sent);
        const truth = (f.mission.sorties[i] as MissionRun['sorties'][number]).truth;
        expect(Math.abs(s.area_m2 - truth.sprayedAreaM2) / truth.sprayedAreaM2).toBeLessThan(0.01);
      });
    }
    // Nothing of a landed sortie is kept twice (chunks left hold only points after touchdown).
    for (const f of flights) {
      const last = sorties.filter((s) => s.drone_id === f.droneId).at(-1);
      const left = await db
        .selectFrom('track_chunks')
        .select('id')
        .where('drone_id', '=', f.droneId)
        .where('last_time', '<=', last?.end_time ?? new Date(0))
        .execute();
      expect(left).toHaveLength(0);
    }
    child.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
  });
});
