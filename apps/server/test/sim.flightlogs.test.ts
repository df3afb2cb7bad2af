/**
 * Simulated drones sign their flight logs (sim/fleet/flightLogs.ts), wired as main.ts wires the demo
 * fleet: the runner sends a drone's sortie by HTTP with the account key, notices the sortie is over,
 * signs its log with the drone's key (registered on its row as demoFleet does) and uploads it; the
 * console keeps it and the flight history marks the sortie "log verified".
 */

import { createPublicKey } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { SortieRecord, TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFlightLog } from '../src/modules/firmware/flightLog/index.ts';
import { registerSimLogKeys, SORTIE_GAP_MS, simLogKey, sortieLogger } from '../src/sim/fleet/flightLogs.ts';
import { runFleet } from '../src/sim/fleet/runner.ts';
import { httpSender } from '../src/sim/fleet/senders.ts';
import type { LiveDrone } from '../src/sim/flight/index.ts';
import { blowing } from './anomalyFlights.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { keyFor, makerADrone } from './telemetryKit.ts';

let t: TestApp;
let base: string;
const secret = Buffer.alloc(32, 7);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const p = (recordTime: number): TelemetryPoint => ({ ...(blowing(0)[0] as TelemetryPoint), recordTime });

describe('simulated drones sign their flight logs', () => {
  it('a drone’s key is the same at every start, and verifies what it signs', async () => {
    const a = simLogKey(secret, 'D-1');
    expect(simLogKey(secret, 'D-1').keyId).toBe(a.keyId);
    expect(simLogKey(secret, 'D-2').keyId).not.toBe(a.keyId);
    const logger = sortieLogger(new Map([['D-1', a]]));
    // Two sorties split by a refill (a gap longer than SORTIE_GAP_MS); the second ends by silence.
    expect(logger.add('D-1', [p(1000), p(2000)])).toEqual([]);
    const [first] = logger.add('D-1', [p(2000 + SORTIE_GAP_MS + 1), p(3000 + SORTIE_GAP_MS)]);
    expect(logger.add('OTHER', [p(1)])).toEqual([]);
    expect(logger.flush(3000 + SORTIE_GAP_MS + 100)).toEqual([]);
    const [second] = logger.flush(3001 + 2 * SORTIE_GAP_MS);
    const pub = createPublicKey(a.privateKey);
    for (const [log, records] of [
      [first, 2],
      [second, 2],
    ] as const) {
      const v = await verifyFlightLog(log?.text ?? '', async () => ({ publicKey: pub, revoked: false }));
      expect(v).toMatchObject({ valid: true, droneId: 'D-1', records });
    }
  });

  it('the fleet runner uploads each sortie’s signed log and the history marks the sortie', async () => {
    const droneId = await makerADrone(t);
    const key = await keyFor(t, 'sim-flightlogs');
    const logKeys = await registerSimLogKeys(t.db, secret, [droneId]);
    expect(logKeys.size).toBe(1);
    const start = Date.now() - 30 * 60_000;
    const points = blowing(start);
    let given = false;
    const drone = {
      droneId,
      join: () => {
        if (given) return [];
        given = true;
        return points;
      },
      pointsUntil: () => [],
      peekTime: () => Date.now() + 60_000,
    } as unknown as LiveDrone;
    const run = runFleet([{ drones: [drone], sender: httpSender(base, key), logKeys }], { tickMs: 100 });
    const maker = (await signInWith(t, '13800000003')).auth;
    let sortie: SortieRecord | undefined;
    for (const until = Date.now() + 30_000; Date.now() < until && !sortie?.logVerified; ) {
      await new Promise((r) => setTimeout(r, 250));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/drone/mointor/manage/getHistoryFlyList?droneId=${droneId}&startTime=${start - 1000}`,
        headers: maker,
      });
      sortie = (res.json() as { data: { records: SortieRecord[] } }).data.records[0];
    }
    await run.stop();
    expect(run.stats().failures).toBe(0);
    expect(sortie?.logVerified).toBe(true);
    const kept = await t.db.selectFrom('flight_logs').select(['drone_id', 'records']).execute();
    expect(kept).toEqual([{ drone_id: droneId, records: points.length }]);
  });
});
