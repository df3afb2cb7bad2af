/**
 * Replays never double a sortie (issue 9 #3): a flight stored and closed by time-out (its points
 * all deleted with the sortie), then the telemetry service rebuilt over the same database as after
 * a restart, then the flight sent again whole and in part: still one sortie with its volume.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionAt } from '../src/modules/regions/geo/regionAt.ts';
import { DEFAULT_DRONE, runMission } from '../src/sim/flight/index.ts';
import { createTelemetry, type Telemetry } from '../src/telemetry/index.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { field } from './telemetryKit.ts';

let t: TestApp;
let droneId: string;
const running: Telemetry[] = [];

beforeAll(async () => {
  t = await createTestApp();
  droneId = (await t.db.selectFrom('drones').select('drone_id').orderBy('drone_id').executeTakeFirstOrThrow())
    .drone_id;
});
afterAll(async () => {
  for (const tel of running) await tel.stop();
  await t?.close();
});

async function telemetry() {
  const tel = createTelemetry({ db: t.db, locate: regionAt, writer: { flushMs: 10, positionsMs: 0 } });
  running.push(tel);
  await tel.start();
  return tel;
}

async function send(tel: Telemetry, points: readonly TelemetryPoint[]) {
  let accepted = 0;
  for (let i = 0; i < points.length; i += 50)
    accepted += (await tel.ingest.ingest(droneId, points.slice(i, i + 50), null)).accepted;
  return accepted;
}

/** Runs the drone's time-out as if it had been silent for two minutes, and stores what it closed. */
async function timeOut(tel: Telemetry) {
  const s = tel.ingest.drones.get(droneId);
  if (s) s.receivedAt -= 120_000;
  tel.ingest.tick();
  for (let i = 0; i < 3; i++) await tel.writer.drain();
}

const sorties = () =>
  t.db
    .selectFrom('sorties')
    .select(['start_time', 'volume_l', 'end_reason'])
    .where('drone_id', '=', droneId)
    .execute();

describe('replays after a restart', () => {
  it('a full and a partial resend of a timed-out flight add nothing', async () => {
    const mission = runMission(DEFAULT_DRONE, field, {
      startTime: Date.now() - 3 * 3600_000,
      seed: 8,
      rateHz: 1,
    });
    const all = mission.sorties[0]?.points ?? [];
    // The link is lost in the air: the flight ends at 70 % of its first sortie, airborne.
    const flight = all.slice(0, Math.floor(all.length * 0.7));
    expect((flight.at(-1) as TelemetryPoint).height).toBeGreaterThan(1);

    const first = await telemetry();
    expect(await send(first, flight)).toBe(flight.length);
    await timeOut(first);
    const stored = await sorties();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.end_reason).toBe('timeout');
    await first.stop();

    // As after a restart: a new service over the same database.
    const second = await telemetry();
    expect(await send(second, flight)).toBe(0);
    expect(await send(second, flight.slice(Math.floor(flight.length / 3)))).toBe(0);
    await timeOut(second);
    const after = await sorties();
    expect(after).toHaveLength(1);
    expect(after[0]?.volume_l).toBe(stored[0]?.volume_l);

    // What comes after the stored flight is still taken.
    const later = all.slice(flight.length).map((p) => ({ ...p, recordTime: p.recordTime + 600_000 }));
    expect(await send(second, later)).toBe(later.length);
  });
});
