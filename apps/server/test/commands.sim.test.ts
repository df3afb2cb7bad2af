/**
 * The simulator obeys a lock, through the real composition: a simulated drone (the demo fleet's
 * parts: lockable drone, command subscription over MQTT-over-WebSocket at /mqtt, HTTP telemetry)
 * is locked before its take-off. Its telemetry keeps it on the ground past the time it would have
 * taken off (no sortie opened); unlocked, it takes off. Locked and unlocked through the console's lock
 * route (PUT drone/device/manage/lock, the drones module), the drone is told and answers.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obeyCommands } from '../src/sim/fleet/commands.ts';
import { lockable } from '../src/sim/fleet/lock.ts';
import { type FleetRun, runFleet } from '../src/sim/fleet/runner.ts';
import { httpSender } from '../src/sim/fleet/senders.ts';
import { DEFAULT_DRONE, FARM_PLACES, type FarmPlace, liveDrone } from '../src/sim/flight/index.ts';
import { commandState, dronesOf, keyOf, MAKER_A, until } from './commands.kit.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let base: string;
let run: FleetRun | undefined;
beforeAll(async () => {
  t = await createTestApp(); // MQTT_PORT=0: no TCP listener, MQTT over WebSocket only
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await run?.stop();
  await t?.close();
});

describe('a simulated drone under lock', () => {
  it('locked, it stays on the ground past its take-off time; unlocked, it takes off', {
    timeout: 60_000,
  }, async () => {
    const key = await keyOf(t, MAKER_A, 'sim-lock');
    const [droneId] = (await dronesOf(t, MAKER_A)) as [string];
    // Its day starts now: 5 s on the ground (preflight), then it climbs.
    const start = Date.now();
    const drone = lockable(
      liveDrone(droneId, {
        place: FARM_PLACES[0] as FarmPlace,
        drone: DEFAULT_DRONE,
        seed: 3,
        startTime: start,
        rateHz: 1,
      }),
      { heartbeatMs: 1000 },
    );
    const lock = await t.app.commands.send({ droneId, type: 'lock' });
    const commands = obeyCommands(`${base.replace('http', 'ws')}/mqtt`, key, [drone]);
    await commands.ready;
    await until(async () => (await commandState(t, lock.id)) === 'done');
    expect(drone.locked).toBe(true);

    run = runFleet([{ drones: [drone], sender: httpSender(base, key), commands }], { tickMs: 250 });
    // Past its take-off time (start + 5 s) and well into its climb, it is still on the ground.
    await until(() => {
      const live = t.app.telemetry.live.get(droneId);
      return live && live.point.recordTime > start + 12_000;
    });
    const held = t.app.telemetry.live.get(droneId);
    expect(held?.airborne).toBe(false);
    expect(held?.point.height).toBeLessThan(0.4);
    expect(held?.sortieStart).toBeNull();
    expect(drone.held).toBe(true);

    const unlock = await t.app.commands.send({ droneId, type: 'unlock' });
    await until(async () => (await commandState(t, unlock.id)) === 'done');
    // A sortie opens, with its take-off after the time it was held.
    const takeOff = await until(() => t.app.telemetry.live.get(droneId)?.sortieStart);
    expect(takeOff).toBeGreaterThan(start + 12_000);
    expect(t.app.telemetry.live.get(droneId)?.airborne).toBe(true);
  });

  it("locked and unlocked through the console's lock route, the simulated drone is told and answers", {
    timeout: 30_000,
  }, async () => {
    const key = await keyOf(t, MAKER_A, 'sim-route');
    const [, droneId] = (await dronesOf(t, MAKER_A, 2)) as [string, string];
    const drone = lockable(
      liveDrone(droneId, {
        place: FARM_PLACES[0] as FarmPlace,
        drone: DEFAULT_DRONE,
        seed: 4,
        startTime: Date.now(),
      }),
    );
    const commands = obeyCommands(`${base.replace('http', 'ws')}/mqtt`, key, [drone]);
    await commands.ready;
    const { auth } = await signInWith(t, '13800000003'); // maker A's administrator
    const lockRoute = (opr: 0 | 1) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/drone/device/manage/lock',
        headers: auth,
        payload: { droneId, opr, password: 'pw-1234' },
      });
    const history = async () =>
      body(
        await t.app.inject({
          method: 'GET',
          url: `/api/drone/device/manage/commands?droneId=${droneId}`,
          headers: auth,
        }),
      ).data as Array<{ type: string; state: string }>;

    const locked = await lockRoute(1);
    expect(locked.statusCode, locked.body).toBe(200);
    await until(async () => (await history())[0]?.state === 'done');
    expect(drone.locked).toBe(true);
    expect((await history())[0]?.type).toBe('lock');

    const unlocked = await lockRoute(0);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    await until(
      async () => (await history())[0]?.state === 'done' && (await history())[0]?.type === 'unlock',
    );
    expect(drone.locked).toBe(false);
    await commands.close();
  });
});
