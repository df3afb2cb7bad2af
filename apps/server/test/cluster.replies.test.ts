/**
 * Cluster mode (issue 24 #2): a console restarted under the same CLUSTER_NODE_ID (as
 * docs/operations.md sets it, one per slot) must not take an owner's late answer to its dead
 * predecessor's forwarded message for the answer to its own. Found by bench/cluster-failover.ts
 * (processes killed and restarted under their names): message ids counted from 1 again, so the
 * owner's answer to the dead one's message n settled the new one's message n.
 *
 * One partition; the test holds it (and a member slot) while two consoles of node "f" forward in
 * turn: the first a batch of an unknown drone (its answer will be a refusal), then it stops; the
 * second a valid batch. The test lets the partition go; "f" takes it and answers both from the
 * stream, in order: the refusal meant for the first must not refuse the second's points.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Peer, peerOf } from './clusterKit.ts';
import { bounded, MAKER_A, until } from './commands.kit.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';

/** platform/cluster/ownership.ts's lock classes. */
const MEMBER_CLASS = 0x41470101;
const PARTITION_CLASS = 0x41470102;

let nats: NatsServer;
let site: TestApp;
let holder: pg.Client | null = null;
const opened: Peer[] = [];

async function forwarder(): Promise<FastifyInstance> {
  const peer = await peerOf(site, {
    CLUSTER_NATS_URL: nats.url,
    CLUSTER_PARTITIONS: '1',
    CLUSTER_NODE_ID: 'f',
  });
  opened.push(peer);
  return peer.app;
}

beforeAll(async () => {
  nats = await startNatsServer();
  // A plain console: the migrated database with the demo data (it takes no part in the cluster).
  site = await createTestApp();
  holder = new pg.Client({ connectionString: site.config.databaseUrl as string });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock($1, $2), pg_advisory_lock($3, 0)', [
    MEMBER_CLASS,
    1023,
    PARTITION_CLASS,
  ]);
}, 60_000);

afterAll(async () => {
  for (const o of opened) await o.close();
  await holder?.end().catch(() => undefined);
  await bounded(site?.close());
  await nats?.stop();
});

describe('a console restarted under its node id', () => {
  it("is not answered by the owner's late answer to its predecessor's message", async () => {
    const drone = await site.db
      .selectFrom('drones as d')
      .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('a.account_name', '=', MAKER_A)
      .orderBy('d.drone_id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const points: TelemetryPoint[] = Array.from({ length: 5 }, (_, i) => ({
      recordTime: now - 10_000 + i * 1_000,
      lng: 114.61,
      lat: 33.54,
      height: 0,
      speed: 0,
      heading: 0,
      battery: 90,
      flow: 0,
      pump: false,
      swath: 0,
      tank: 0,
      mode: 'manual',
    }));

    // The first "f": no partition of its own (the test holds the only one), so it forwards.
    const first = await forwarder();
    expect(first.telemetry.cluster?.ready().size).toBe(0);
    const refused = first.telemetry.ingest.ingest('NO-SUCH-DRONE', points, null);
    refused.catch(() => undefined);
    await until(() => (first.telemetry.cluster?.stats().forwarded ?? 0) >= 1);
    await bounded(first.close());

    // Its successor, the same node id, forwards a valid batch.
    const second = await forwarder();
    const stored = second.telemetry.ingest.ingest(drone.drone_id, points, null);
    const outcome = stored.then(
      (r) => ({ ok: true as const, accepted: r.accepted }),
      (e: Error) => ({ ok: false as const, error: e.message }),
    );
    await until(() => (second.telemetry.cluster?.stats().forwarded ?? 0) >= 1);

    // The partition is free: "f" takes it and answers both messages, the predecessor's first.
    await holder?.end();
    holder = null;
    await until(() => (second.telemetry.cluster?.ready().size ?? 0) === 1, 100);
    expect(await outcome).toEqual({ ok: true, accepted: points.length });
  }, 60_000);
});
