/**
 * Cluster mode over MQTT (issue 24 #2, #3): two console apps on one database and a NATS server this
 * test starts, each with its own embedded broker (as two processes behind a TCP load balancer).
 * A drone connected to the process that does not own its partition: its QoS 1 points are
 * acknowledged only once the owner stored them, they show on both monitors, and a command sent
 * from the owner's side reaches the drone through the other process's broker.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionOf } from '../src/platform/cluster/partition.ts';
import { DEFAULT_DRONE, runMission } from '../src/sim/flight/index.ts';
import { type Peer, peerOf } from './clusterKit.ts';
import { bounded, connectDevice, MAKER_A, until } from './commands.kit.ts';
import { freePort } from './freePort.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';
import { field, keyFor, publishFlight } from './telemetryKit.ts';

const PARTITIONS = 4;
let nats: NatsServer;
let a: TestApp;
let b: FastifyInstance;
let peer: Peer;
let bPort: number;

beforeAll(async () => {
  nats = await startNatsServer();
  const cluster = { CLUSTER_NATS_URL: nats.url, CLUSTER_PARTITIONS: String(PARTITIONS) };
  a = await createTestApp({ env: { ...cluster, CLUSTER_NODE_ID: 'a', MQTT_PORT: String(await freePort()) } });
  bPort = await freePort();
  peer = await peerOf(a, { ...cluster, CLUSTER_NODE_ID: 'b', MQTT_PORT: String(bPort) });
  b = peer.app;
  // Both own their share (2 of 4) once a balance has run on each.
  await until(
    () => a.app.telemetry.cluster?.ready().size === 2 && b.telemetry.cluster?.ready().size === 2,
    100,
  );
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await bounded(a?.close());
  await nats?.stop();
});

describe('two cluster-mode consoles, a drone on the one that does not own it', () => {
  it('acknowledges its points once stored by the owner, shows it on both monitors and relays commands to it', async () => {
    const key = await keyFor(a, 'cluster-mqtt');
    const owned = a.app.telemetry.cluster?.ready() as ReadonlySet<number>;
    const drones = await a.db
      .selectFrom('drones as d')
      .innerJoin('accounts as ac', 'ac.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('ac.account_name', '=', MAKER_A)
      .orderBy('d.drone_id')
      .execute();
    const droneId = drones.map((d) => d.drone_id).find((id) => owned.has(partitionOf(id, PARTITIONS)));
    expect(droneId, "a drone of A's partitions").toBeDefined();
    const id = droneId as string;

    // The drone connects to B (not its owner) and sends live points, QoS 1.
    const device = await connectDevice(`mqtt://127.0.0.1:${bPort}`, key);
    const mission = runMission(DEFAULT_DRONE, field, { startTime: Date.now() - 60_000, seed: 5, rateHz: 1 });
    const now = Date.now();
    const points = (mission.sorties[0]?.points ?? [])
      .slice(0, 40)
      .map((p, i) => ({ ...p, recordTime: now - 40_000 + i * 1000 }));
    const before = b.telemetry.cluster?.stats().forwarded ?? 0;
    await publishFlight(device.client, id, points);
    // Every PUBACK came after the owner stored the points: they are in the database now.
    expect((b.telemetry.cluster?.stats().forwarded ?? 0) - before).toBeGreaterThanOrEqual(4);
    const stored = await a.db
      .selectFrom('track_chunks')
      .select((eb) => eb.fn.sum<number>('points').as('n'))
      .where('drone_id', '=', id)
      .executeTakeFirst();
    const journal = await a.db.selectFrom('ingest_journal').select('points').execute();
    expect(Number(stored?.n ?? 0) + journal.reduce((n, r) => n + r.points, 0)).toBeGreaterThanOrEqual(
      points.length,
    );
    expect(a.app.telemetry.ingest.drones.has(id)).toBe(true);
    expect(b.telemetry.ingest.drones.has(id)).toBe(false);

    // Both monitors show it (the owner's from its pipeline, B's from the owner's live updates).
    const url =
      '/api/drone/mointor/manage/onlineDrones?queryType=1&minLng=119&maxLng=121&minLat=33&maxLat=34.5';
    const { auth } = await signInWith(a, '13800000001');
    for (const app of [a.app, b]) {
      const online = await until(async () => {
        const ids = (await app.inject({ method: 'GET', url, headers: auth })).json().data.droneId as string[];
        return ids.includes(id) ? ids : null;
      }, 100);
      expect(online).toContain(id);
    }

    // A command sent on A reaches the drone, whose connection B holds.
    expect(await device.subscribe(id)).toBe(true);
    const c = await a.app.commands.send({ droneId: id, type: 'pause' });
    const got = await until(() => device.received.find((m) => m.droneId === id), 50);
    expect(got).toMatchObject({ droneId: id });
    expect(c.id).toBeGreaterThan(0);
    await device.end();
  });
});
