/**
 * GET /metrics (platform/metrics.ts; docs/operations.md "Metrics and health") through the real app:
 * refused to a caller elsewhere than loopback without the token (403 with no token configured, 401
 * with one), refused through a proxy even from loopback, served in Prometheus' format with the
 * metric names the dashboard reads, the ingest counter and acknowledgement histogram move when
 * a telemetry batch is stored over HTTP or MQTT, and the monitor socket gauge follows a real
 * WebSocket. Two apps in one process keep their own registries.
 */
import { MONITOR_BASE, TELEMETRY_TOPIC, type TelemetryPoint } from '@agrifleet/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from './freePort.ts';
import { createTestApp, signInWith, type TestApp } from './helper.ts';
import { keyFor, makerADrone, makerDroneAndKey } from './telemetryKit.ts';

const TOKEN = 'metrics-token-for-the-test';
const OUTSIDE = '203.0.113.7';

let open: TestApp;
let guarded: TestApp;
let mqttPort: number;
beforeAll(async () => {
  mqttPort = await freePort();
  open = await createTestApp({ env: { MQTT_PORT: String(mqttPort) } });
  guarded = await createTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const scrape = (t: TestApp, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...opts });

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

function points(from: number, n: number): TelemetryPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    recordTime: from + i * 200,
    lng: 120.26 + i * 1e-5,
    lat: 33.77,
    height: 0,
    speed: 0,
    heading: 90,
    battery: 80,
    flow: 0,
    pump: false,
    swath: 6.5,
    tank: 20,
    mode: 'manual' as const,
  }));
}

describe('access', () => {
  it('is refused from another address without a token configured (403), and through a proxy', async () => {
    expect((await scrape(open, { remoteAddress: OUTSIDE })).statusCode).toBe(403);
    // A proxy on the same machine connects from loopback: the forwarded request is not local.
    const proxied = await scrape(open, { headers: { 'x-forwarded-for': OUTSIDE } });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.body).not.toContain('agrifleet_');
    expect((await scrape(open, { headers: { forwarded: `for=${OUTSIDE}` } })).statusCode).toBe(403);
    expect((await scrape(open, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await scrape(open, { remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('asks for the token from another address when one is configured (401), and takes only it', async () => {
    const none = await scrape(guarded, { remoteAddress: OUTSIDE });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('agrifleet_');
    const wrong = await scrape(guarded, {
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await scrape(guarded, {
      remoteAddress: OUTSIDE,
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(basic.statusCode).toBe(401);
    const right = await scrape(guarded, {
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('agrifleet_ingest_points_total');
  });
});

describe('content', () => {
  it('has every metric the dashboard reads, in the text format', async () => {
    const res = await scrape(open);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'agrifleet_ingest_points_total',
      'agrifleet_ingest_ack_seconds_bucket',
      'agrifleet_writer_queue_points',
      'agrifleet_writer_flushes_total',
      'agrifleet_cluster_partitions_owned',
      'agrifleet_monitor_sockets',
      'agrifleet_db_pool_connections',
      'agrifleet_nodejs_eventloop_lag_seconds',
      'agrifleet_nodejs_eventloop_lag_p99_seconds',
      'agrifleet_process_cpu_seconds_total',
    ])
      expect(res.body).toContain(`\n${name}`);
    expect(sample(res.body, 'agrifleet_cluster_partitions_owned')).toBe(0);
    expect(sample(res.body, 'agrifleet_monitor_sockets')).toBe(0);
    // The pool has opened connections for the app's own queries by now.
    expect(sample(res.body, 'agrifleet_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(res.body, 'agrifleet_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it('counts the points of a stored telemetry batch and its acknowledgement, by transport', async () => {
    const before = (await scrape(open)).body;
    expect(sample(before, 'agrifleet_ingest_points_total{transport="http"}')).toBe(0);
    const { droneId, authorization } = await makerDroneAndKey(open.db, open.config.jwtSecret, 'metricsvid');
    const from = Date.now() - 60_000;
    const res = await open.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization },
      payload: { drones: [{ droneId, points: points(from, 25) }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.drones[0]).toMatchObject({ accepted: 25 });
    // The same points again: acknowledged, none stored, nothing counted.
    const again = await open.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization },
      payload: { drones: [{ droneId, points: points(from, 25) }] },
    });
    expect(again.json().data.drones[0]).toMatchObject({ accepted: 0, duplicates: 25 });

    const after = (await scrape(open)).body;
    expect(sample(after, 'agrifleet_ingest_points_total{transport="http"}')).toBe(25);
    expect(sample(after, 'agrifleet_ingest_points_total{transport="mqtt"}')).toBe(0);
    // The writer committed them (the counter is read from the writer at the scrape).
    expect(sample(after, 'agrifleet_writer_flushes_total')).toBeGreaterThan(
      sample(before, 'agrifleet_writer_flushes_total') as number,
    );
    expect(sample(after, 'agrifleet_ingest_ack_seconds_count{transport="http"}')).toBe(1);
    const seconds = sample(after, 'agrifleet_ingest_ack_seconds_sum{transport="http"}') as number;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
    expect(sample(after, 'agrifleet_ingest_ack_seconds_bucket{le="+Inf",transport="http"}')).toBe(1);

    // The other app in this process counted nothing: registries are per app.
    const other = await scrape(guarded, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sample(other.body, 'agrifleet_ingest_points_total{transport="http"}')).toBe(0);
  });

  it('counts the points of an MQTT message once acknowledged (PUBACK after the commit)', async () => {
    const key = await keyFor(open, 'metricsmqtt');
    const droneId = await makerADrone(open);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      username: key.vid,
      password: key.secret,
    });
    try {
      const from = Date.now() - 30_000;
      await client.publishAsync(TELEMETRY_TOPIC(droneId), JSON.stringify({ points: points(from, 12) }), {
        qos: 1,
      });
      await client.publishAsync(
        TELEMETRY_TOPIC(droneId),
        JSON.stringify({ points: points(from + 12 * 200, 8) }),
        {
          qos: 1,
        },
      );
    } finally {
      await client.endAsync();
    }
    const body = (await scrape(open)).body;
    expect(sample(body, 'agrifleet_ingest_points_total{transport="mqtt"}')).toBe(20);
    expect(sample(body, 'agrifleet_ingest_ack_seconds_count{transport="mqtt"}')).toBe(2);
  });

  it('follows the monitor WebSockets open', async () => {
    await open.app.listen({ port: 0, host: '127.0.0.1' });
    const address = open.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const { data } = await signInWith(open, '13800000001');
    const ws = new WebSocket(
      `ws://127.0.0.1:${address.port}${MONITOR_BASE}/socket?access_token=${data.jToken}`,
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    expect(sample((await scrape(open)).body, 'agrifleet_monitor_sockets')).toBe(1);
    ws.close();
    let n: number | null = 1;
    for (let i = 0; i < 50 && n !== 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      n = sample((await scrape(open)).body, 'agrifleet_monitor_sockets');
    }
    expect(n).toBe(0);
  });

  it('shows the partitions cluster code says it owns', async () => {
    guarded.app.metrics.partitionsOwned.set(7);
    const res = await scrape(guarded);
    expect(sample(res.body, 'agrifleet_cluster_partitions_owned')).toBe(7);
  });
});
