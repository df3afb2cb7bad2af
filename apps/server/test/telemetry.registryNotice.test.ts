/**
 * A drone registry notice (a lease, an edit, the notifier's reconnect) that drops the drone from the
 * telemetry directory between its landing and the flush that stores the sortie must not lose the
 * sortie (issue 21 #11: a leasing test waited for ever for a landing when the lease's notice
 * arrived late on a loaded machine). The flush is held on a lock of `sorties` until the notice has
 * dropped the drone, so the order is certain, whatever the machine's load.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/platform/notify.ts';
import { DRONE_REGISTRY_CHANNEL } from '../src/telemetry/ingest/droneDirectory.ts';
import { until } from './commands.kit.ts';
import { createTestApp, fleetCallers, type TestApp } from './helper.ts';
import { batchKey, freeDrones, sendBatch, sortiePoints } from './leasing.kit.ts';

let t: TestApp;
let basic: string;

beforeAll(async () => {
  t = await createTestApp();
  const { auth } = await fleetCallers(t);
  basic = await batchKey(t, auth.makerA as Record<string, string>, 'notice-gw');
}, 60_000);
afterAll(() => t?.close());

/** Index of the touchdown: the first point of the ground run that ends the sortie. */
function touchdown(points: TelemetryPoint[]): number {
  let i = points.length;
  while (i > 0 && (points[i - 1] as TelemetryPoint).height < 0.4) i--;
  return i;
}

describe('a registry notice at landing', () => {
  it('leaves the sortie stored: the flush loads the drone again', async () => {
    const [drone] = (await freeDrones(t, 1)) as [string];
    const start = Date.now() - 10 * 60_000;
    const points = sortiePoints(start, 41);
    const cut = touchdown(points);
    expect(cut).toBeLessThan(points.length - 2);
    // Airborne up to touchdown: the drone is in the directory, no sortie closed yet.
    await sendBatch(t, basic, drone, points.slice(0, cut));
    await t.app.telemetry.writer.drain();
    expect(t.app.telemetry.directory.peek(drone)?.droneId).toBe(drone);

    const lock = new pg.Client({ connectionString: t.config.databaseUrl as string });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE sorties IN ACCESS EXCLUSIVE MODE');
      // The landing: its points commit, the flush that stores the sortie waits on the lock.
      await sendBatch(t, basic, drone, points.slice(cut));
      await notify(t.db, DRONE_REGISTRY_CHANNEL, drone);
      await until(() => t.app.telemetry.directory.peek(drone) === undefined);
      await lock.query('COMMIT');
    } finally {
      await lock.end();
    }

    const sortie = await until(() =>
      t.db
        .selectFrom('sorties')
        .select(['sortie_id', 'end_reason', 'point_count'])
        .where('drone_id', '=', drone)
        .where('start_time', '>=', new Date(start - 1000))
        .executeTakeFirst(),
    );
    expect(sortie.end_reason).toBe('landed');
    expect(sortie.point_count).toBeGreaterThan(cut / 2);
  }, 60_000);
});
