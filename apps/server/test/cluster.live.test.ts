/**
 * Cluster mode (issue 24 #3): an owner's live positions reach the other processes however many it
 * takes in LIVE_MS. Found by bench/cluster-throughput.ts: at about 12,000 points/s the positions
 * of 250 ms made one NATS message over the server's max_payload (1 MiB); publish threw from the
 * timer and the console stopped ("uncaught exception: MAX_PAYLOAD_EXCEEDED").
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SUBJECT } from '../src/platform/cluster/nats.ts';
import { bounded, MAKER_A, until } from './commands.kit.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';

const CALLS = 6_000;

let nats: NatsServer;
let t: TestApp;
let watcher: NatsConnection;

beforeAll(async () => {
  nats = await startNatsServer();
  t = await createTestApp({
    env: { CLUSTER_NATS_URL: nats.url, CLUSTER_NODE_ID: 'busy', CLUSTER_PARTITIONS: '1', MQTT_PORT: '0' },
  });
  watcher = await connect({ servers: nats.url });
}, 60_000);

afterAll(async () => {
  await watcher?.close();
  await bounded(t?.close());
  await nats?.stop();
});

describe("an owner's live positions", () => {
  it('go out in messages under max_payload, all of them, when 250 ms hold more than 1 MiB', async () => {
    await until(() => (t.app.telemetry.cluster?.ready().size ?? 0) === 1, 50);
    let entries = 0;
    let largest = 0;
    watcher.subscribe(LIVE_SUBJECT, {
      callback: (_err, m) => {
        largest = Math.max(largest, m.data.length);
        entries += (JSON.parse(new TextDecoder().decode(m.data)) as { d: unknown[] }).d.length;
      },
    });
    await watcher.flush();
    const drone = await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('a.account_name', '=', MAKER_A)
      .orderBy('d.drone_id')
      .executeTakeFirstOrThrow();
    // One live entry per call (its newest point); a long pilot-free point of ~250 bytes.
    const t0 = Date.now() - CALLS * 1_000 - 60_000;
    const point = (k: number): TelemetryPoint => ({
      recordTime: t0 + k * 1_000,
      lng: 114.612345678,
      lat: 33.541234567,
      height: 0,
      speed: 0,
      heading: 123.456,
      battery: 87.5,
      flow: 0,
      pump: false,
      swath: 5.5,
      tank: 12.25,
      mode: 'manual',
    });
    const ingest = t.app.telemetry.ingest;
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, k) => ingest.ingest(drone.drone_id, [point(k)], null)),
    );
    expect(results.reduce((n, r) => n + r.accepted, 0)).toBe(CALLS);
    await until(() => entries >= CALLS || null, 50);
    expect(entries).toBe(CALLS);
    expect(largest).toBeLessThanOrEqual(256 * 1024);
  }, 60_000);
});
