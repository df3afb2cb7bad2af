/**
 * The simulator flies a plan it is sent, through the real composition (issue 11): a simulated drone
 * (missionable over lockable, command subscription over MQTT-over-WebSocket at /mqtt, HTTP
 * telemetry) is sent a plan and a start by the console's command service. It answers the plan
 * done, the start acknowledged then done; its telemetry reaches the console
 * (sprayed at the plan's place, on the ground at the plan's home at the end).
 */
import type { AddressInfo } from 'node:net';
import type { LngLat, PlanCommandPayload, RouteLeg } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obeyCommands } from '../src/sim/fleet/commands.ts';
import { lockable } from '../src/sim/fleet/lock.ts';
import { missionable } from '../src/sim/fleet/mission.ts';
import { type FleetRun, runFleet } from '../src/sim/fleet/runner.ts';
import { httpSender } from '../src/sim/fleet/senders.ts';
import {
  DEFAULT_DRONE,
  FARM_PLACES,
  type FarmPlace,
  liveDrone,
  localFrame,
} from '../src/sim/flight/index.ts';
import { bounded, commandState, dronesOf, keyOf, MAKER_A, until } from './commands.kit.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let base: string;
let run: FleetRun | undefined;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // Bounded: a step that hangs on a loaded machine (a socket closing) must not fail the file.
  await bounded(run?.stop());
  await bounded(t?.close());
}, 90_000);

const place = FARM_PLACES[0] as FarmPlace;
const frame = localFrame({ lng: place.lng + 0.01, lat: place.lat });
const deg = (x: number, y: number): LngLat => {
  const p = frame.toLngLat({ x, y });
  return [p.lng, p.lat];
};

/** Two passes of 30 m, 5 m apart, from a home 10 m away. */
function payload(routeId: number): PlanCommandPayload {
  const legs: RouteLeg[] = [
    { kind: 'transit', path: [deg(0, 0), deg(10, 0)] },
    { kind: 'spray', path: [deg(10, 0), deg(40, 0)] },
    { kind: 'turn', path: [deg(40, 0), deg(40, 5)] },
    { kind: 'spray', path: [deg(40, 5), deg(10, 5)] },
    { kind: 'transit', path: [deg(10, 5), deg(0, 0)] },
  ];
  return {
    routeId,
    index: 0,
    home: deg(0, 0),
    width: 5,
    speed: 5,
    height: 3,
    transitHeight: 5,
    flowLpm: 6,
    route: {
      index: 0,
      legs,
      sprayDistanceM: 60,
      distanceM: 0,
      sprayAreaM2: 300,
      sprayVolumeL: 1.2,
      flightTimeS: 0,
      sorties: 1,
    },
  };
}

describe('a simulated drone flying a plan the console sends', () => {
  it('answers the plan done, the start acknowledged then done, and its telemetry shows the flight', {
    timeout: 120_000,
  }, async () => {
    const key = await keyOf(t, MAKER_A, 'sim-plan');
    const [droneId] = (await dronesOf(t, MAKER_A)) as [string];
    const drone = missionable(
      lockable(
        liveDrone(droneId, { place, drone: DEFAULT_DRONE, seed: 3, startTime: Date.now(), rateHz: 1 }),
      ),
      { driveMs: 1000, progressMs: 2000 },
    );
    const commands = obeyCommands(`${base.replace('http', 'ws')}/mqtt`, key, [drone]);
    await commands.ready;
    run = runFleet([{ drones: [drone], sender: httpSender(base, key), commands }], { tickMs: 250 });

    const plan = await t.app.commands.send({ droneId, type: 'plan', payload: payload(77) });
    await until(async () => (await commandState(t, plan.id)) === 'done');
    const start = await t.app.commands.send({ droneId, type: 'start', payload: { routeId: 77 } });
    await until(async () => (await commandState(t, start.id)) === 'acknowledged');

    // Watch the console's live picture while it flies.
    const seen: Array<{ x: number; y: number; pump: boolean; height: number }> = [];
    await until(async () => {
      const live = t.app.telemetry.live.get(droneId);
      if (live) {
        const p = frame.toXY({ lng: live.point.lng, lat: live.point.lat });
        seen.push({ ...p, pump: live.point.pump, height: live.point.height });
      }
      return (await commandState(t, start.id)) === 'done';
    }, 100);
    const sprayed = seen.filter((p) => p.pump);
    expect(sprayed.length).toBeGreaterThan(3);
    for (const p of sprayed) {
      expect(p.x).toBeGreaterThan(9);
      expect(p.x).toBeLessThan(41);
    }
    // Landed at the plan's home.
    await until(() => {
      const live = t.app.telemetry.live.get(droneId);
      return (
        live && live.point.height < 0.4 && Math.hypot(frame.toXY(live.point).x, frame.toXY(live.point).y) < 1
      );
    });
    expect(drone.mission).toBe('stay');
  });
});
