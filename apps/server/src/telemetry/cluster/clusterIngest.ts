/**
 * Cluster mode of the telemetry service (issue 24 #2, #3): drone-affine ingest over NATS JetStream.
 *
 * - Every drone belongs to one partition (platform/cluster/partition.ts), every partition to one
 *   live process (platform/cluster/ownership.ts, PostgreSQL advisory locks).
 * - A transport (MQTT, HTTP, the tools) hands points to `ingest.ingest` / `ingest.message` as in the
 *   single process. When this process owns the drone's partition and has it ready, the points go
 *   to the local pipeline; otherwise they are published to the partition's subject of the stream
 *   AGRIFLEET_TEL (stored by JetStream before the publish returns) and the caller waits for the
 *   owner's answer, sent once the owner has stored them: the acknowledgement still means "stored".
 * - The owner consumes each partition it holds through a durable consumer `p<n>`, feeds the
 *   messages to its pipeline in order, answers the forwarder and acks the message after COMMIT.
 * - Taking a partition over: the trackers of its drones are rebuilt from what is stored (the
 *   recovery that exists, for those drones only), the directory reads their floors afresh, then the
 *   consumer is made anew from what the stream still holds (the dead owner's unacknowledged
 *   messages are delivered at once, not after an ack wait); a point already stored is a duplicate
 *   for the pipeline's watermark, so nothing is stored twice.
 * - Handing one back: local intake stops, in-flight messages finish, the writer drains, and the
 *   trackers are dropped; only then is the lock released.
 * - The map: each owner publishes the positions it takes (batched every LIVE_MS) on
 *   `agrifleet.live`; every other process puts them in its own live state, so a monitor opened on
 *   any process shows every drone.
 */
import { randomUUID } from 'node:crypto';
import type { TelemetryPoint } from '@agrifleet/domain';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
  headers as natsHeaders,
  type Subscription,
} from 'nats';
import type { Logger } from 'pino';
import type { ClusterConfig } from '../../config.ts';
import {
  type ClusterBus,
  LIVE_SUBJECT,
  replySubject,
  TEL_STREAM,
  telSubject,
} from '../../platform/cluster/nats.ts';
import { createOwnership, type Ownership } from '../../platform/cluster/ownership.ts';
import { partitionOf } from '../../platform/cluster/partition.ts';
import type { Db } from '../../platform/db.ts';
import type { DroneDirectory } from '../ingest/droneDirectory.ts';
import type { LiveState } from '../ingest/liveState.ts';
import { type Ingest, IngestError, type IngestResult } from '../ingest/pipeline.ts';
import { recoverTrackers } from '../ingest/recovery.ts';
import { BadMessage } from '../ingest/validate.ts';
import type { Writer } from '../ingest/writer.ts';

/** How long a forwarding process waits for the owner's answer (a take-over takes up to ~10 s). */
export const REPLY_TIMEOUT_MS = 30_000;
/** Live positions are sent to the other processes at most this often. */
export const LIVE_MS = 250;
/** Most bytes in one message of live positions (NATS refuses more than its max_payload). */
export const LIVE_MAX_BYTES = 256 * 1024;
/** Messages of one partition in the owner's pipeline at once. */
const MAX_ACK_PENDING = 2_000;

/** A forwarded drone's points: answer id, drone, 'raw' (an MQTT payload, base64) or 'pts' (JSON points), key account, body. */
type Entry = [string, string, 'raw' | 'pts', number | null, string];
/** Forwarded messages stay well under NATS's max_payload (1 MiB by default). */
const MAX_FORWARD_BYTES = 512 * 1024;

/** The owner's answer to a forwarded entry. */
interface Answer {
  i: string;
  ok: boolean;
  result?: IngestResult;
  status?: number;
  message?: string;
}

/** The store could not take the points (the caller answers 503 / withholds the PUBACK). */
export class ForwardFailed extends Error {}

export interface ClusterIngest {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Partitions owned and ready. */
  ready(): ReadonlySet<number>;
  ownership: Ownership;
  bus: ClusterBus;
  stats(): { forwarded: number; consumed: number; liveIn: number; liveOut: number };
}

export function createClusterIngest(o: {
  config: ClusterConfig;
  databaseUrl: string;
  bus: ClusterBus;
  db: Db;
  ingest: Ingest;
  writer: Writer;
  directory: DroneDirectory;
  live: LiveState;
  logger?: Logger;
  /** Hears the count of partitions owned and ready whenever it changes (the metrics gauge). */
  onOwned?: (n: number) => void;
  /** Forgets per-drone state beside the trackers (the no-fly detector) of drones handed away. */
  forget?: (which: (droneId: string) => boolean) => void;
}): ClusterIngest {
  const { bus, ingest, config } = o;
  const partitionOfDrone = (droneId: string) => partitionOf(droneId, config.partitions);
  const ready = new Set<number>();
  const consumers = new Map<number, { messages: ConsumerMessages; inFlight: Set<Promise<void>> }>();
  const pending = new Map<string, { resolve: (r: IngestResult) => void; reject: (e: Error) => void }>();
  const replyTo = replySubject(config.nodeId);
  /**
   * This process's own prefix of its message ids: a process restarted under the same node id
   * (CLUSTER_NODE_ID is set per slot) counts from 1 again, and an owner's late answer to the dead
   * one's message (redelivered after a take-over) must not settle the new one's message of that
   * number (an acknowledgement before its points are stored, or another drone's refusal).
   */
  const incarnation = randomUUID().slice(0, 8);
  const counters = { forwarded: 0, consumed: 0, liveIn: 0, liveOut: 0 };
  let seq = 0;
  let replies: Subscription | null = null;
  let liveSub: Subscription | null = null;
  let liveBatch: unknown[] = [];
  let liveTimer: NodeJS.Timeout | null = null;
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  // ---- the forwarding side ----

  /**
   * Forwarded points wait here for the end of the current turn of the event loop, then go as one
   * message per partition (a 250-drone HTTP batch made ~125 messages, each with its stored-ack and
   * its answer: the forwarded path's throughput was bound by the messages, not by the points).
   */
  const outbox = new Map<number, Array<{ i: string; entry: Entry; bytes: number }>>();
  let outboxScheduled = false;

  function forward(droneId: string, kind: 'raw' | 'pts', body: string, accountId: number | null) {
    const p = partitionOfDrone(droneId);
    const i = `${incarnation}.${++seq}`;
    const answer = new Promise<IngestResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(i);
        reject(new ForwardFailed(`no answer from the owner of partition ${p} in ${REPLY_TIMEOUT_MS} ms`));
      }, REPLY_TIMEOUT_MS);
      timer.unref();
      pending.set(i, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
    let queue = outbox.get(p);
    if (!queue) {
      queue = [];
      outbox.set(p, queue);
    }
    queue.push({ i, entry: [i, droneId, kind, accountId, body], bytes: body.length + droneId.length + 40 });
    if (!outboxScheduled) {
      outboxScheduled = true;
      setImmediate(sendOutbox);
    }
    counters.forwarded++;
    return answer;
  }

  /** One message per partition (cut below MAX_FORWARD_BYTES), in the order the points came. */
  function sendOutbox() {
    outboxScheduled = false;
    const batches = [...outbox];
    outbox.clear();
    const h = natsHeaders();
    h.set('r', replyTo);
    for (const [p, items] of batches) {
      let from = 0;
      while (from < items.length) {
        let to = from;
        let size = 0;
        while (to < items.length && (to === from || size + (items[to]?.bytes ?? 0) <= MAX_FORWARD_BYTES)) {
          size += items[to]?.bytes ?? 0;
          to++;
        }
        const part = items.slice(from, to);
        from = to;
        const data = enc.encode(JSON.stringify({ e: part.map((x) => x.entry) }));
        bus.js.publish(telSubject(p), data, { headers: h, timeout: 10_000 }).catch((err) => {
          for (const x of part) {
            pending
              .get(x.i)
              ?.reject(new ForwardFailed(`the stream did not take the points: ${(err as Error).message}`));
            pending.delete(x.i);
          }
        });
      }
    }
  }

  function onAnswer(a: Answer) {
    const w = pending.get(a.i);
    if (!w) return; // answered already, or timed out
    pending.delete(a.i);
    if (a.ok && a.result) w.resolve(a.result);
    else if (a.status === 400) w.reject(new BadMessage(a.message ?? 'refused'));
    else if (a.status === 403 || a.status === 404)
      w.reject(new IngestError(a.message ?? 'refused', a.status));
    else w.reject(new ForwardFailed(a.message ?? 'not stored'));
  }

  // ---- the owner's side ----

  /** One forwarded message: its entries started in order (a drone's order holds), answered together. */
  async function handle(m: JsMsg) {
    let entries: Entry[];
    try {
      entries = (JSON.parse(dec.decode(m.data)) as { e: Entry[] }).e;
      if (!Array.isArray(entries)) throw new SyntaxError('no entries');
    } catch {
      m.ack(); // not ours to read: no process sends it
      return;
    }
    let again = false;
    const answers = await Promise.all(
      entries.map(async ([i, droneId, kind, accountId, body]): Promise<Answer> => {
        try {
          const result =
            kind === 'raw'
              ? await ingest.messageLocal(droneId, Buffer.from(body, 'base64'), accountId)
              : await ingest.ingestLocal(droneId, JSON.parse(body) as TelemetryPoint[], accountId);
          return { i, ok: true, result };
        } catch (err) {
          const status =
            err instanceof IngestError
              ? err.status
              : err instanceof BadMessage || err instanceof SyntaxError
                ? 400
                : 503;
          if (status === 503) again = true;
          return { i, ok: false, status, message: (err as Error).message };
        }
      }),
    );
    // Refused for good: gone from the stream. Not stored (the database away): the message again in
    // 2 s (its entries stored meanwhile are duplicates then).
    if (again) m.nak(2_000);
    else m.ack();
    counters.consumed += entries.length;
    const to = m.headers?.get('r');
    if (to) bus.nc.publish(to, enc.encode(JSON.stringify({ a: answers })));
  }

  async function consume(p: number) {
    const durable = `p${p}`;
    // Anew from what the stream holds for the partition: the previous owner's unacknowledged
    // messages come at once (work-queue retention keeps exactly those).
    await bus.jsm.consumers.delete(TEL_STREAM, durable).catch(() => undefined);
    await bus.jsm.consumers.add(TEL_STREAM, {
      durable_name: durable,
      filter_subject: telSubject(p),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 30e9,
      max_ack_pending: MAX_ACK_PENDING,
    });
    const consumer = await bus.js.consumers.get(TEL_STREAM, durable);
    const messages = await consumer.consume({ max_messages: 500 });
    const inFlight = new Set<Promise<void>>();
    consumers.set(p, { messages, inFlight });
    void (async () => {
      try {
        for await (const m of messages) {
          // Started in order (the pipeline keeps a drone's order from the call on), finished in parallel.
          const work = handle(m).catch((err) => o.logger?.error({ err }, 'cluster: message not handled'));
          inFlight.add(work);
          void work.finally(() => inFlight.delete(work));
        }
      } catch (err) {
        o.logger?.warn({ err: (err as Error).message, partition: p }, 'cluster: consumer ended');
      }
    })();
  }

  async function stopConsumers(parts: number[], wait: boolean) {
    const works: Promise<unknown>[] = [];
    for (const p of parts) {
      const c = consumers.get(p);
      consumers.delete(p);
      if (!c) continue;
      c.messages.stop();
      if (wait) works.push(...c.inFlight);
    }
    await Promise.allSettled(works);
  }

  const inParts = (parts: number[]) => {
    const set = new Set(parts);
    return (droneId: string) => set.has(partitionOfDrone(droneId));
  };

  const ownership = createOwnership({
    databaseUrl: o.databaseUrl,
    partitions: config.partitions,
    logger: o.logger,
    events: {
      async acquired(parts) {
        const mine = inParts(parts);
        // Floors (storedUntil) and trackers as the previous owner left them in the database.
        ingest.drop(mine);
        o.forget?.(mine);
        o.directory.forget(mine);
        const r = await recoverTrackers(o.db, o.directory, ingest, mine);
        for (const p of parts) await consume(p);
        for (const p of parts) ready.add(p);
        o.onOwned?.(ready.size);
        o.logger?.info({ partitions: parts.length, ...r }, 'cluster: partitions ready');
      },
      async releasing(parts) {
        for (const p of parts) ready.delete(p);
        o.onOwned?.(ready.size);
        await stopConsumers(parts, true);
        await o.writer.drain();
        ingest.drop(inParts(parts));
        o.forget?.(inParts(parts));
      },
      lost(parts) {
        for (const p of parts) ready.delete(p);
        o.onOwned?.(ready.size);
        void stopConsumers(parts, false);
        ingest.drop(inParts(parts));
        o.forget?.(inParts(parts));
      },
    },
  });

  // ---- the map of every process ----

  function flushLive() {
    liveTimer = null;
    if (!liveBatch.length) return;
    const batch = liveBatch;
    liveBatch = [];
    counters.liveOut += batch.length;
    // In messages under the server's max_payload (1 MiB by default): a busy owner's 250 ms of
    // positions exceed it, and publish throws (from this timer: it stopped the process).
    const limit = Math.min(LIVE_MAX_BYTES, bus.nc.info?.max_payload ?? LIVE_MAX_BYTES) - 256;
    const head = `{"n":${JSON.stringify(config.nodeId)},"d":[`;
    let parts: string[] = [];
    let size = 0;
    const send = () => {
      if (!parts.length) return;
      try {
        bus.nc.publish(LIVE_SUBJECT, enc.encode(`${head}${parts.join(',')}]}`));
      } catch (err) {
        o.logger?.warn({ err: (err as Error).message }, 'cluster: live update not sent');
      }
      parts = [];
      size = 0;
    };
    for (const e of batch) {
      const json = JSON.stringify(e);
      const bytes = Buffer.byteLength(json) + 1;
      if (size + bytes > limit) send();
      parts.push(json);
      size += bytes;
    }
    send();
  }

  async function onLive(data: Uint8Array) {
    const msg = JSON.parse(dec.decode(data)) as {
      n: string;
      d: Array<[string, TelemetryPoint, boolean, number | null]>;
    };
    if (msg.n === config.nodeId) return;
    // Drones not cached yet (new to this process) are read in one query for the batch, not one each.
    const unknown = msg.d.map(([droneId]) => droneId).filter((id) => o.directory.peek(id) === undefined);
    if (unknown.length) await o.directory.preload([...new Set(unknown)]);
    const now = Date.now();
    for (const [droneId, point, airborne, sortieStart] of msg.d) {
      // A drone this process owns is its own to show (a late message of the previous owner).
      if (ready.has(partitionOfDrone(droneId))) continue;
      const meta = o.directory.peek(droneId);
      if (!meta) continue;
      o.live.update(meta, point, airborne, sortieStart, now);
      counters.liveIn++;
    }
  }

  return {
    ownership,
    bus,
    ready: () => ready,
    stats: () => ({ ...counters }),
    async start() {
      replies = bus.nc.subscribe(replyTo, {
        callback: (err, m) => {
          if (err) return;
          for (const a of (JSON.parse(dec.decode(m.data)) as { a: Answer[] }).a ?? []) onAnswer(a);
        },
      });
      liveSub = bus.nc.subscribe(LIVE_SUBJECT, {
        callback: (err, m) => {
          if (!err) void onLive(m.data).catch((e) => o.logger?.warn({ err: e }, 'cluster: live update'));
        },
      });
      ingest.route({
        points: (droneId, points, accountId) =>
          ready.has(partitionOfDrone(droneId))
            ? ingest.ingestLocal(droneId, points, accountId)
            : forward(droneId, 'pts', JSON.stringify(points), accountId),
        raw: (droneId, payload, accountId) =>
          ready.has(partitionOfDrone(droneId))
            ? ingest.messageLocal(droneId, payload, accountId)
            : forward(droneId, 'raw', payload.toString('base64'), accountId),
        live(droneId, point, airborne, sortieStart) {
          liveBatch.push([droneId, point, airborne, sortieStart]);
          if (!liveTimer) {
            liveTimer = setTimeout(flushLive, LIVE_MS);
            liveTimer.unref();
          }
        },
      });
      await ownership.start();
    },
    async stop() {
      // Routing stays: with no partition ready, a late point goes to the stream for the next owner.
      await ownership.stop();
      await stopConsumers([...consumers.keys()], true);
      if (liveTimer) clearTimeout(liveTimer);
      flushLive();
      replies?.unsubscribe();
      liveSub?.unsubscribe();
      for (const w of pending.values()) w.reject(new ForwardFailed('the console is stopping'));
      pending.clear();
      await bus.close();
    },
  };
}
