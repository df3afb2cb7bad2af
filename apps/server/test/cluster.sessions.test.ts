/**
 * Cluster mode: a sign-out on one process closes the caller's monitor socket held by another
 * (issue 24 #3): two console apps on one database and a NATS server this test starts. The ending
 * reaches the other process by PostgreSQL NOTIFY (platform/auth/sessionEvents.ts
 * shareSessionEvents; its relay is unit-tested in sessionEvents.test.ts), and, should a notice be
 * lost, by the socket's own check of its session every second.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE } from '../src/modules/monitor/monitor.socket.ts';
import { type Peer, peerOf } from './clusterKit.ts';
import { bounded } from './commands.kit.ts';
import { createTestApp, nextAddress, signInWith, type TestApp } from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';

let nats: NatsServer;
let a: TestApp;
let b: FastifyInstance;
let peer: Peer;

beforeAll(async () => {
  nats = await startNatsServer();
  const cluster = { CLUSTER_NATS_URL: nats.url, CLUSTER_PARTITIONS: '4' };
  a = await createTestApp({ env: { ...cluster, CLUSTER_NODE_ID: 'a' } });
  peer = await peerOf(a, { ...cluster, CLUSTER_NODE_ID: 'b' });
  b = peer.app;
  await b.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await bounded(a?.close());
  await nats?.stop();
});

describe('sessions across cluster processes', () => {
  it("a sign-out on one process closes the caller's monitor socket on another at once", async () => {
    const me = await signInWith(a, '13800000001');
    const address = b.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const ws = new WebSocket(
      `ws://127.0.0.1:${address.port}/api/drone/mointor/manage/socket?access_token=${me.data.jToken}`,
    );
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      ws.on('close', (code) => resolve({ code, at: Date.now() })),
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/user/baseaccount/loginOut',
      payload: {},
      headers: me.auth,
      remoteAddress: nextAddress(),
    });
    expect(out.statusCode).toBe(200);
    const since = Date.now();
    const ended = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
    expect(ended, 'the socket on the other process is still open').not.toBeNull();
    expect(ended?.code).toBe(SESSION_ENDED_CLOSE);
    expect((ended?.at ?? Number.POSITIVE_INFINITY) - since).toBeLessThan(2_000);
  });
});
