/**
 * The simulated ground-station apps (sim/fleet/groundStation.ts), wired as main.ts wires the demo
 * fleet: the fleet runner's app fetches maker A's configuration with the account key, checks the
 * console's signature, reports the version for a ground station per drone (the screen's devices),
 * asks again with If-None-Match (304 while unchanged) and applies a new version after a save up the
 * chain. A configuration whose signature does not verify is refused and not reported.
 */

import type { AddressInfo } from 'node:net';
import { type GroundStationConfig, GROUND_STATION_PATHS as P } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groundStationApp, groundStationId } from '../src/sim/fleet/groundStation.ts';
import { runFleet } from '../src/sim/fleet/runner.ts';
import { httpSender } from '../src/sim/fleet/senders.ts';
import type { LiveDrone } from '../src/sim/flight/index.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { keyFor } from './telemetryKit.ts';

let t: TestApp;
let base: string;
let maker: Record<string, string>;
let platform: Record<string, string>;
let makerId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  maker = (await signInWith(t, '13800000003')).auth;
  platform = (await signInWith(t, '13800000001')).auth;
  makerId = (
    await t.db
      .selectFrom('users')
      .select('account_id')
      .where('phone', '=', '13800000003')
      .executeTakeFirstOrThrow()
  ).account_id;
});
afterAll(async () => {
  await t?.close();
});

const view = async () => {
  const res = await t.app.inject({ method: 'GET', url: `${P.config}?accountId=${makerId}`, headers: maker });
  return res.json().data as GroundStationConfig;
};
/** A drone that flies nothing: the test is about its ground station. */
const idle = (droneId: string) =>
  ({
    droneId,
    join: () => [],
    pointsUntil: () => [],
    peekTime: () => Date.now() + 60_000,
  }) as unknown as LiveDrone;

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  let v = await read();
  for (const end = Date.now() + ms; !done(v) && Date.now() < end; v = await read())
    await new Promise((r) => setTimeout(r, 150));
  return v;
}

describe('simulated ground-station apps', () => {
  it('report the version they applied per ground station, and follow a save up the chain', async () => {
    const drones = await t.db
      .selectFrom('drones as d')
      .select('d.drone_id')
      .where('d.zz_account_id', '=', makerId)
      .orderBy('d.drone_id')
      .limit(2)
      .execute();
    const deviceIds = drones.map((d) => groundStationId(d.drone_id));
    const sender = httpSender(base, await keyFor(t, 'sim-gs'));
    // Watch the app's answers (the calls themselves are the real ones).
    const link = sender.groundStation;
    if (!link) throw new Error('the HTTP sender carries the ground-station calls');
    const answers: string[] = [];
    const config = link.config.bind(link);
    link.config = async (etag) => {
      const r = await config(etag);
      answers.push(r.notModified ? '304' : '200');
      return r;
    };
    const run = runFleet([{ drones: drones.map((d) => idle(d.drone_id)), sender }], {
      tickMs: 100,
      gsCheckMs: 200,
    });
    try {
      const runs = (v: GroundStationConfig, version: number) =>
        deviceIds.every((id) => v.devices.some((d) => d.deviceId === id && d.version === version));
      const first = await view();
      expect(first.effectiveVersion).toBeGreaterThan(0);
      expect(runs(await until(view, (v) => runs(v, first.effectiveVersion)), first.effectiveVersion)).toBe(
        true,
      );
      await until(
        async () => answers.length,
        () => answers.includes('304'),
      );
      expect(answers[0]).toBe('200');
      expect(answers).toContain('304');

      // The platform changes its default: the maker's effective version moves, the app applies it.
      const res = await t.app.inject({
        method: 'POST',
        url: P.config,
        headers: platform,
        payload: {
          accountId: await platformId(),
          theme: 'alternative',
          launchPageUrl: null,
          homePageUrl: null,
          servAddr: 'moved.example:443',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const next = first.effectiveVersion + 1;
      const after = await until(view, (v) => runs(v, next));
      expect(after.effectiveVersion).toBe(next);
      expect(runs(after, next)).toBe(true);
      expect(answers.filter((a) => a === '200').length).toBeGreaterThanOrEqual(2);
    } finally {
      await run.stop();
    }
    expect(run.stats().failures, run.stats().lastError ?? '').toBe(0);
  });

  it('refuses a configuration whose signature does not verify, and reports nothing', async () => {
    const sender = httpSender(base, await keyFor(t, 'sim-gs-2'));
    const real = sender.groundStation;
    if (!real) throw new Error('no ground-station link');
    const reported: string[] = [];
    const app = groundStationApp(
      {
        publicKey: () => real.publicKey(),
        async config(etag) {
          const r = await real.config(etag);
          return r.notModified
            ? r
            : { ...r, body: { ...r.body, config: { ...r.body.config, servAddr: 'evil.example' } } };
        },
        async applied(id) {
          reported.push(id);
        },
      },
      ['GS-tampered'],
    );
    await expect(app.check()).rejects.toThrow(/signature does not verify/);
    expect(reported).toEqual([]);
    expect(app.current()).toBeNull();
  });
});

async function platformId() {
  return (
    await t.db
      .selectFrom('users')
      .select('account_id')
      .where('phone', '=', '13800000001')
      .executeTakeFirstOrThrow()
  ).account_id;
}
