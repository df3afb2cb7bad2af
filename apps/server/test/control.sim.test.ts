/**
 * The whole loop with the simulator's own drones (sim/fleet: missionable(lockable(liveDrone)), as
 * the demo fleet composes them; their telemetry over HTTP, their commands over MQTT-over-WebSocket
 * at /mqtt): maker A plans a tiny block for two drones (PUT route), sends the plan and starts it
 * (POST plan, POST command start); the drones leave their own day, fly their parts in wall-clock
 * time answering progress, land and answer done; the console shows each drone at droneStatus 5
 * with progress 1 and its times, and sorties flown over the block.
 */
import type { AddressInfo } from 'node:net';
import { CONTROL_BASE, type ControlDrone, ROUTE_BASE, type RouteRecord } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obeyCommands } from '../src/sim/fleet/commands.ts';
import { lockable } from '../src/sim/fleet/lock.ts';
import { missionable } from '../src/sim/fleet/mission.ts';
import { type FleetRun, runFleet } from '../src/sim/fleet/runner.ts';
import { httpSender } from '../src/sim/fleet/senders.ts';
import { DEFAULT_DRONE, FARM_PLACES, type FarmPlace, liveDrone } from '../src/sim/flight/index.ts';
import { bounded, dronesOf, keyOf, MAKER_A, until } from './commands.kit.ts';
import { accountIdOf, insertBlock } from './control.kit.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
let base: string;
let run: FleetRun | undefined;
let link: { close(): Promise<void> } | undefined;
beforeAll(async () => {
  t = await createTestApp(); // MQTT over WebSocket only
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // Bounded: a step that hangs on a loaded machine (a socket closing) must not fail the file.
  await bounded(run?.stop());
  await bounded(link?.close());
  await bounded(t?.close());
}, 90_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('simulated drones fly a plan sent by the console', () => {
  it('two drones: plan, start, progress, done', { timeout: 180_000 }, async () => {
    const place = FARM_PLACES[0] as FarmPlace;
    // A 40 m x 30 m block 150 m east of the drones' place; home at its south-west corner.
    const lng0 = place.lng + 150 / 92_000;
    const lat0 = place.lat;
    const dx = 40 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
    const dy = 30 / 110_900;
    const ring = [
      [lng0, lat0],
      [lng0 + dx, lat0],
      [lng0 + dx, lat0 + dy],
      [lng0, lat0 + dy],
      [lng0, lat0],
    ];
    const makerA = await accountIdOf(t, MAKER_A);
    const block = await insertBlock(t, makerA, 'sim field', ring);
    const ids = await dronesOf(t, MAKER_A, 2);
    await t.db.updateTable('drones').set({ locked: false }).where('drone_id', 'in', ids).execute();

    const key = await keyOf(t, MAKER_A, 'sim-plan');
    const start = Date.now();
    const drones = ids.map((id, i) =>
      missionable(
        lockable(liveDrone(id, { place, drone: DEFAULT_DRONE, seed: 20 + i, startTime: start, rateHz: 1 }), {
          heartbeatMs: 1000,
        }),
        { driveMs: 1000, progressMs: 1000, heartbeatMs: 1000, rateHz: 1 },
      ),
    );
    const commands = obeyCommands(`${base.replace('http', 'ws')}/mqtt`, key, drones);
    link = commands;
    await commands.ready;
    run = runFleet([{ drones, sender: httpSender(base, key), commands }], { tickMs: 250 });
    // Online: a point received now (the demo seed's last positions put them on the map offline).
    const live = t.app.telemetry.live;
    await until(() =>
      ids.every((id) => {
        const d = live.get(id);
        return d !== undefined && live.online(d, Date.now());
      }),
    );

    const { auth } = await signInWith(t, '13800000003'); // maker A's administrator
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const planned = await call('PUT', ROUTE_BASE, {
      block,
      alignEdgeIndex: 0,
      home: [lng0 - 0.0001, lat0 - 0.0001],
      droneCount: 2,
      width: 5,
      speed: 8,
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const routeId = (body(planned).data as RouteRecord).routeId;
    const route = async () => body(await call('GET', `${ROUTE_BASE}/${routeId}`)).data as RouteRecord;

    const sent = await call('POST', `${CONTROL_BASE}/plan`, { routeId, droneIds: ids });
    expect(sent.statusCode, sent.body).toBe(200);
    await until(async () => (await route()).drones.every((x) => x.lastCommand?.state === 'done'), 250);
    const started = await call('POST', `${CONTROL_BASE}/command`, { droneIds: ids, type: 'start' });
    expect(started.statusCode, started.body).toBe(200);

    // Flying: status 2 with a growing progress, then done.
    await until(async () => (await route()).drones.some((x) => x.droneStatus === 2 && x.progress > 0), 500);
    for (;;) {
      const r = await route();
      if (r.drones.every((x) => x.droneStatus >= 4)) break;
      await sleep(1000);
    }
    const r = await route();
    for (const x of r.drones) {
      expect(x, JSON.stringify(x)).toMatchObject({ droneStatus: 5, progress: 1 });
      expect(x.startedAt).toBeGreaterThanOrEqual(start);
      expect(x.finishedAt).toBeGreaterThan(x.startedAt as number);
      expect(x.lastCommand).toMatchObject({ type: 'start', state: 'done' });
    }
    const listed = body(await call('GET', `${CONTROL_BASE}/drones?search=${ids[0]}`)).data as {
      records: ControlDrone[];
    };
    expect(listed.records[0]).toMatchObject({ routeId, droneStatus: 5, online: true });
    // Each drone's part was flown as sorties that the console stored after the start.
    await t.app.telemetry.writer.drain();
    const sorties = await t.db
      .selectFrom('sorties')
      .select(['drone_id', 'area_m2'])
      .where('drone_id', 'in', ids)
      .where('start_time', '>=', new Date(r.drones[0]?.startedAt ?? start))
      .execute();
    for (const id of ids) expect(sorties.some((s) => s.drone_id === id && s.area_m2 > 0)).toBe(true);
  });
});
