/**
 * Issue 20 #16, as the field test found it: a leased drone uploads a finished flight about 55 s
 * behind real time in 10-point batches over POST /api/telemetry/batch; the console (the real
 * server, `node --import tsx src/main.ts`, in a child process) is killed with SIGKILL after 230 of
 * 328 points (70 % of this flight); it restarts on the same database; the drone resends the whole
 * flight. Before the fix, recovery took the last point's time for when the drone was last heard,
 * the first tick after the restart closed the sortie for a minute of "silence", and the flight was
 * stored as two sorties, billed twice. Now it is ONE sortie with the area, figures and charge of the
 * same flight uploaded in one go (by a second drone, leased alike, on the same console).
 */
import type { ChildProcess } from 'node:child_process';
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/db.ts';
import { type ConsoleSite, consoleSite, startChildConsole } from './childConsole.ts';
import type { TestApp } from './helper.ts';
import { demoClient, freeDrones, leaseDirect } from './leasing.kit.ts';
import { cutOf, expectSameFlight, flightFigures, lagFlight, unbalancedTxns } from './sortieReopen.kit.ts';
import { makerDroneAndKey } from './telemetryKit.ts';

const JWT_SECRET = 'lagcrash-secret-lagcrash-secret-lagcrash';
/** How far behind real time the drone uploads. */
const LAG_MS = 57_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let site: ConsoleSite | undefined;
let databaseUrl: string;
let db: Db;
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;
let output = () => '';

/** Starts the console and resolves once it answers /api/health (recovery runs before it listens). */
async function startServer(): Promise<ChildProcess> {
  const c = await startChildConsole({ databaseUrl, port, dataDir, jwtSecret: JWT_SECRET });
  output = c.output;
  return c.proc;
}

/** Uploads in 10-point batches, each acknowledged before the next (as the drone's uploader does). */
async function upload(authorization: string, droneId: string, points: readonly TelemetryPoint[]) {
  for (let i = 0; i < points.length; i += 10) {
    const res = await fetch(`http://127.0.0.1:${port}/api/telemetry/batch`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ drones: [{ droneId, points: points.slice(i, i + 10) }] }),
    });
    expect(res.status, await res.text()).toBe(200);
  }
}

/** Waits until the drone has a landed sortie and nothing of it waits in track_chunks. */
async function landed(droneId: string) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
    const s = await db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('drone_id', '=', droneId)
      .where('end_reason', '=', 'landed')
      .executeTakeFirst();
    if (s) return;
  }
  throw new Error(`${droneId}: no landed sortie\n${output()}`);
}

beforeAll(async () => {
  site = await consoleSite('lagcrash');
  ({ db, dataDir, port } = site);
  databaseUrl = site.databaseUrl;
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await site?.dispose();
});

describe('a lagging upload across kill -9 of the console', () => {
  it('is one sortie, charged once, as the same flight uploaded in one go', { timeout: 180_000 }, async () => {
    child = await startServer();
    const { authorization } = await makerDroneAndKey(db, JWT_SECRET, 'lagcrash-gw');
    const t = { db } as unknown as TestApp;
    const c = await demoClient(t, { muPriceMinor: 800, creditLimitMinor: 1_000_000_000 });
    const [clean, drone] = (await freeDrones(t, 2)) as [string, string];
    for (const d of [clean, drone]) await leaseDirect(t, c, d, { model: 1, muPriceMinor: 800 });

    // The flight, timed so that its 230th of 328 points is LAG_MS old when the console dies.
    const shape = lagFlight(1_000_000_000_000);
    const cut = cutOf(shape);
    const shift = Date.now() - LAG_MS - (shape[cut - 1] as TelemetryPoint).recordTime;
    const points = shape.map((p) => ({ ...p, recordTime: p.recordTime + shift }));

    // The same flight in one go, by the other drone: what the interrupted one must come to.
    await upload(authorization, clean, points);
    await landed(clean);

    await upload(authorization, drone, points.slice(0, cut));
    const server = child;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await exited;
    expect(server.signalCode).toBe('SIGKILL');

    // Restart; the drone's uploader reconnects a few seconds later (ticks run meanwhile) and
    // resends the whole flight.
    child = await startServer();
    await sleep(3_000);
    await upload(authorization, drone, points);
    await landed(drone);
    // Give a wrongly timed-out part time to show (the writer flushes within a second).
    await sleep(1_500);

    const expected = await flightFigures(db, clean);
    const got = await flightFigures(db, drone);
    expectSameFlight(got, expected);
    expect(await unbalancedTxns(db)).toEqual([]);
    const { pid } = child;
    child.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    expect(pid).toBeGreaterThan(0);
  });
});
