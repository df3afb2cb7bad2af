/**
 * Cluster mode (issue 24 #3): an owner's live positions reach the other processes however many it
 * takes in CLUSTER_LIVE_MS. Found by bench/cluster-throughput.ts: at about 12,000 points/s the positions
 * of 250 ms made one NATS message over the server's max_payload (1 MiB); publish threw from the
 * timer and the console stopped ("uncaught exception: MAX_PAYLOAD_EXCEEDED"). Each drone's newest
 * position is what goes (liveCodec.ts): 4,000 drones make more than one message's worth.
 */
import { sql } from 'kysely';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SUBJECTS } from '../src/platform/cluster/nats.ts';
import { decodeLive } from '../src/telemetry/cluster/liveCodec.ts';
import { groundPoint } from './clusterKit.ts';
import { bounded, MAKER_A, until } from './commands.kit.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';

const DRONES = 4_000;

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
  it('go out in messages under max_payload, the newest of every drone, when 500 ms hold more than that', async () => {
    await until(() => (t.app.telemetry.cluster?.ready().size ?? 0) === 1, 50);
    const newest = new Map<string, number>();
    let largest = 0;
    let messages = 0;
    watcher.subscribe(LIVE_SUBJECTS, {
      callback: (_err, m) => {
        largest = Math.max(largest, m.data.length);
        messages++;
        decodeLive(m.data, (e) => newest.set(e.droneId, e.point.recordTime));
      },
    });
    await watcher.flush();
    const maker = await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
      .select(['d.zz_account_id as zz', 'd.model_id as model'])
      .where('a.account_name', '=', MAKER_A)
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: DRONES }, (_, i) => `LIVEFAN${String(i).padStart(5, '0')}`);
    await sql`INSERT INTO drones (drone_id, drone_name, model_id, zz_account_id, spray_width)
      SELECT id, id, ${maker.model}, ${maker.zz}, 5 FROM unnest(${ids}::text[]) AS id`.execute(t.db);
    const t0 = Date.now() - 120_000;
    const point = (k: number) => groundPoint(t0 + k * 1_000);
    const ingest = t.app.telemetry.ingest;
    // Two calls a drone, at once: one live entry each, the newer one kept.
    const results = await Promise.all(
      ids.flatMap((id) => [ingest.ingest(id, [point(0)], null), ingest.ingest(id, [point(1)], null)]),
    );
    expect(results.reduce((n, r) => n + r.accepted, 0)).toBe(2 * DRONES);
    await until(() => ids.every((id) => newest.get(id) === t0 + 1_000) || null, 50);
    expect(messages).toBeGreaterThan(1);
    expect(largest).toBeLessThanOrEqual(256 * 1024);
  }, 60_000);
});
