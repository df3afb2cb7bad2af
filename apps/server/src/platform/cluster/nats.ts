/**
 * The cluster's messaging engine: NATS with JetStream (issue 24 #1; why NATS: docs/architecture.md
 * "Cluster mode"). One connection per process, reconnecting for ever; the telemetry stream is made
 * here (idempotently: every process asks for the same one).
 *
 * Subjects (PREFIX = agrifleet):
 * - `agrifleet.tel.<partition>`: points forwarded to a partition's owner (JetStream stream
 *   AGRIFLEET_TEL, work-queue retention: a message is kept until its owner has stored it and acked);
 * - `agrifleet.reply.<node>`: the owner's answer to the forwarding process (core NATS);
 * - `agrifleet.live.<node>`: live positions an owner publishes for every other process's map (core
 *   NATS; telemetry/cluster/liveCodec.ts), heard on `agrifleet.live.*`.
 */
import {
  type ConnectionOptions,
  connect,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';
import type { Logger } from 'pino';

export const SUBJECT_PREFIX = 'agrifleet';
export const TEL_STREAM = 'AGRIFLEET_TEL';
export const telSubject = (partition: number) => `${SUBJECT_PREFIX}.tel.${partition}`;
const token = (node: string) => node.replace(/[^A-Za-z0-9_-]/g, '_');
export const replySubject = (node: string) => `${SUBJECT_PREFIX}.reply.${token(node)}`;
export const liveSubject = (node: string) => `${SUBJECT_PREFIX}.live.${token(node)}`;
export const LIVE_SUBJECTS = `${SUBJECT_PREFIX}.live.*`;

export interface ClusterBus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Whether the connection is up (readiness). */
  connected(): boolean;
  close(): Promise<void>;
}

export async function connectBus(o: {
  url: string;
  name: string;
  logger?: Logger;
  /** Copies of each stream message kept by a NATS cluster (1 on a single server). */
  replicas?: number;
}): Promise<ClusterBus> {
  const options: ConnectionOptions = {
    servers: o.url.split(',').map((s) => s.trim()),
    name: o.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    pingInterval: 5_000,
    maxPingOut: 2,
    // No stack captured for every request (a JetStream publish is one): ~25 µs each on the
    // forwarded path, for a trace nothing reads.
    noAsyncTraces: true,
  };
  const nc = await connect(options);
  let up = true;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') up = false;
      if (s.type === 'reconnect') up = true;
      if (s.type === 'disconnect' || s.type === 'reconnect')
        o.logger?.warn({ status: s.type, server: s.data }, 'cluster: NATS connection');
    }
  })();
  const jsm = await nc.jetstreamManager();
  const want = {
    name: TEL_STREAM,
    subjects: [`${SUBJECT_PREFIX}.tel.>`],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    num_replicas: o.replicas ?? 1,
    // Points wait here at most a day for an owner (a whole cluster down): then they are dropped,
    // as the drones' own stores would have re-sent them long before.
    max_age: 24 * 3600 * 1e9,
  };
  try {
    await jsm.streams.info(TEL_STREAM);
  } catch {
    await jsm.streams.add(want).catch(async (err) => {
      // Another process made it at the same moment.
      await jsm.streams.info(TEL_STREAM).catch(() => {
        throw err;
      });
    });
  }
  return {
    nc,
    js: nc.jetstream(),
    jsm,
    connected: () => up && !nc.isClosed(),
    close: () => nc.drain().catch(() => nc.close()),
  };
}
