/**
 * Prometheus metrics of one console process (issue 24 #6; docs/operations.md "Metrics and health").
 * One registry per app (app.ts creates it, never prom-client's global one: two apps in one test
 * process must not share counters), handed to what records: the telemetry transports (points and
 * acknowledgement latency), the monitor socket (sockets open), cluster code (partitions owned).
 * Queue depth and the database pool are read when Prometheus scrapes.
 *
 * `GET /metrics` answers only a caller that proves METRICS_TOKEN (`Authorization: Bearer ...`), or,
 * without a token configured, a direct caller on a loopback address: a request that came through a
 * proxy (X-Forwarded-For, Forwarded) is never taken as local, because the proxy itself connects
 * from loopback.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { errors } from './errors.ts';

export type IngestTransport = 'mqtt' | 'http';

/** A gauge read from its sources at each scrape (their sum; a source may be added later). */
function sampled(registry: Registry, name: string, help: string) {
  const sources: Array<() => number> = [];
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(sources.reduce((sum, read) => sum + read(), 0));
    },
  });
  return {
    /** Adds a source; returns its removal. */
    from(read: () => number) {
      sources.push(read);
      return () => {
        const i = sources.indexOf(read);
        if (i >= 0) sources.splice(i, 1);
      };
    },
  };
}

/** A counter read from its source at each scrape (a running total the source keeps). */
function countedFrom(registry: Registry, name: string, help: string) {
  let source: (() => number) | null = null;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      if (!source) return;
      this.reset();
      this.inc(source());
    },
  });
  return (read: () => number) => {
    source = read;
  };
}

export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

export function createMetrics() {
  const registry = new Registry();
  // Process CPU and memory, heap, GC, handles and the event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, prefix: 'agrifleet_' });

  const points = new Counter({
    name: 'agrifleet_ingest_points_total',
    help: 'Telemetry points accepted and stored, by transport',
    labelNames: ['transport'] as const,
    registers: [registry],
  });
  const ack = new Histogram({
    name: 'agrifleet_ingest_ack_seconds',
    help: "From a point batch's arrival to its acknowledgement once stored (HTTP 2xx, MQTT PUBACK)",
    labelNames: ['transport'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  // Both transports are shown from the start (0), so a rate over them has a series to read.
  for (const transport of ['mqtt', 'http'] as const) {
    points.inc({ transport }, 0);
    ack.zero({ transport });
  }
  let poolSource: (() => PoolCounts | null) | null = null;
  new Gauge({
    name: 'agrifleet_db_pool_connections',
    help: "The database pool's connections: total open, idle, and callers waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const c = poolSource?.();
      if (!c) return;
      this.set({ state: 'total' }, c.total);
      this.set({ state: 'idle' }, c.idle);
      this.set({ state: 'waiting' }, c.waiting);
    },
  });

  return {
    registry,
    /** Points of one batch stored and acknowledged `seconds` after it arrived. */
    ingested(transport: IngestTransport, accepted: number, seconds: number) {
      if (accepted <= 0) return;
      points.inc({ transport }, accepted);
      ack.observe({ transport }, seconds);
    },
    /** Points waiting in the telemetry writer for their commit. */
    writerQueue: sampled(
      registry,
      'agrifleet_writer_queue_points',
      'Telemetry points waiting for their commit',
    ),
    /** Telemetry writer transactions committed (points per flush: points / flushes). */
    writerFlushes: countedFrom(
      registry,
      'agrifleet_writer_flushes_total',
      'Telemetry writer transactions committed',
    ),
    /** Cluster mode: stream messages of forwarded points this process sent to partition owners. */
    forwardMessages: countedFrom(
      registry,
      'agrifleet_cluster_forward_messages_total',
      "Messages of forwarded points this process published to partition owners' stream",
    ),
    /** Monitor WebSockets open on this process. */
    monitorSockets: sampled(registry, 'agrifleet_monitor_sockets', 'Monitor WebSockets open'),
    /** Ingest partitions this process owns (cluster mode sets it; 0 in the single process). */
    partitionsOwned: new Gauge({
      name: 'agrifleet_cluster_partitions_owned',
      help: 'Ingest partitions this process owns (cluster mode; 0 in the single process)',
      registers: [registry],
    }),
    /** The database pool read at each scrape. */
    pool(read: () => PoolCounts | null) {
      poolSource = read;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Loopback without a proxy in between (the proxy's own connection comes from loopback). */
function directLoopback(req: FastifyRequest): boolean {
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  const address = req.socket.remoteAddress ?? req.raw.socket?.remoteAddress ?? '';
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return (isIP(v4) === 4 && v4.startsWith('127.')) || address === '::1';
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * `GET /metrics` in Prometheus' text format, to a caller with the token or a direct loopback caller;
 * anyone else gets 401 when a token is configured (send it), else 403.
 */
export async function metricsRoute(app: FastifyInstance, opts: { metrics: Metrics; token: string | null }) {
  const { registry } = opts.metrics;
  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' },
    async (req, reply) => {
      const token = opts.token;
      if (!(token && tokenMatches(req.headers.authorization, token)) && !directLoopback(req)) {
        if (!token) throw errors.forbidden();
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw errors.unauthorized();
      }
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    },
  );
}
