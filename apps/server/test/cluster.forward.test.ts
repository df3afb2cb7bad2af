/**
 * Cluster mode (issue 24 #2): a drone may send MAX_POINTS_PER_DRONE points in one MQTT message or
 * batch entry, over a megabyte of JSON; forwarded to its owner as one stream message it passed
 * NATS's max_payload (1 MiB) and was refused for ever (503, then the same again on every retry).
 * The forwarding process now cuts it into entries under the limit and answers once for all.
 */
import { MAX_POINTS_PER_DRONE, type TelemetryPoint } from '@agrifleet/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groundPoint, type Peer, peerOf } from './clusterKit.ts';
import { bounded, dronesOf, MAKER_A, until } from './commands.kit.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';

let nats: NatsServer;
let site: TestApp;
let peer: Peer;

beforeAll(async () => {
  nats = await startNatsServer();
  const cluster = { CLUSTER_NATS_URL: nats.url, CLUSTER_PARTITIONS: '1', MQTT_PORT: '0' };
  site = await createTestApp({ env: { ...cluster, CLUSTER_NODE_ID: 'a' } });
  peer = await peerOf(site, { ...cluster, CLUSTER_NODE_ID: 'b' });
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await bounded(site?.close());
  await nats?.stop();
});

const points = (n: number, from: number): TelemetryPoint[] =>
  Array.from({ length: n }, (_, i) => ({
    ...groundPoint(from + i * 1_000),
    accessories: [
      { type: 1, hwId: `BAT-${String(i % 7).padStart(20, '0')}` },
      { type: 2, hwId: 'SPRAY-0000000000000001' },
    ],
  }));

describe('a forwarded message larger than max_payload', () => {
  it('is stored whole, from a batch entry and from an MQTT payload', async () => {
    const apps: FastifyInstance[] = [site.app, peer.app];
    const owner = await until(() => apps.find((a) => a.telemetry.cluster?.ready().size === 1), 50);
    const other = apps.find((a) => a !== owner) as FastifyInstance;
    const [first, second] = await dronesOf(site, MAKER_A, 2);
    const from = Date.now() - 2 * MAX_POINTS_PER_DRONE * 1_000;
    const batch = points(MAX_POINTS_PER_DRONE, from);
    expect(JSON.stringify(batch).length).toBeGreaterThan(1024 * 1024);
    const viaBatch = await other.telemetry.ingest.ingest(first as string, batch, null);
    expect(viaBatch).toMatchObject({ accepted: MAX_POINTS_PER_DRONE, duplicates: 0 });
    const payload = Buffer.from(JSON.stringify({ points: points(4_000, from) }));
    const viaMqtt = await other.telemetry.ingest.message(second as string, payload, null);
    expect(viaMqtt).toMatchObject({ accepted: 4_000, duplicates: 0 });
    expect(other.telemetry.cluster?.stats().forwarded).toBeGreaterThan(2);
    expect(owner.telemetry.cluster?.stats().consumed).toBeGreaterThan(2);
    // /metrics reads the forwarded messages from the cluster ingest.
    const metrics = (await other.inject({ method: 'GET', url: '/metrics' })).body;
    const sent = /^agrifleet_cluster_forward_messages_total (\S+)$/m.exec(metrics)?.[1];
    expect(Number(sent)).toBeGreaterThan(2);
  }, 60_000);
});
