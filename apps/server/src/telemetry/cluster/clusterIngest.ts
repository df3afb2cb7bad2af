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
 * - The map: livePicture.ts (the owners' positions in every process's live state).
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
import { type ClusterConfig, DEFAULT_LIVE_MS } from '../../config.ts';
import { type ClusterBus, replySubject, TEL_STREAM, telSubject } from '../../platform/cluster/nats.ts';
import { createOwnership, type Ownership } from '../../platform/cluster/ownership.ts';
import { partitionOf } from '../../platform/cluster/partition.ts';
import type { Db } from '../../platform/db.ts';
import type { DroneDirectory } from '../ingest/droneDirectory.ts';
import type { LiveState } from '../ingest/liveState.ts';
import {
  type Ingest,
  IngestError,
  type IngestResult,
  nothingIngested,
  type Taken,
} from '../ingest/pipeline.ts';
import { recoverTrackers } from '../ingest/recovery.ts';
import { BadMessage, parsePayload } from '../ingest/validate.ts';
import type { Writer } from '../ingest/writer.ts';
import { createLivePicture } from './livePicture.ts';

/** How long a forwarding process waits for the owner's answer (a take-over takes up to ~10 s). */
export const REPLY_TIMEOUT_MS = 30_000;
/** Messages of one partition in the owner's pipeline at once. */
const MAX_ACK_PENDING = 2_000;

/**
 * A forwarded message: `{"n":incarnation,"e":[entry,...]}`, each entry `[seq, droneId, kind,
 * keyAccount, body]` where kind 0 is an MQTT payload (body: base64) and 1 JSON points (body: the
 * array itself, written into the message as it was serialised: parsed once, by the owner).
 */
type Entry = [number, string, 0 | 1, number | null, string | TelemetryPoint[]];
/**
 * Forwarded messages stay well under NATS's max_payload (1 MiB by default). Everything in them is
 * ASCII (ids, numbers, base64, the contract's enums and hwIds), so a string's length is its bytes.
 */
const MAX_FORWARD_BYTES = 256 * 1024;

/**
 * The owner's answer: `{"n":incarnation,"a":[answer,...]}`, each answer `[seq, 0, accepted,
 * outOfRange, outOfTime, duplicates, implausible, pilotUnlinked]` when stored, else
 * `[seq, status, message]`.
 */
type Answer = [number, 0, number, number, number, number, number, number] | [number, number, string];

const sumResults = (rs: IngestResult[]): IngestResult => {
  const sum = nothingIngested();
  for (const r of rs) {
    sum.accepted += r.accepted;
    sum.outOfRange += r.outOfRange;
    sum.outOfTime += r.outOfTime;
    sum.duplicates += r.duplicates;
    sum.implausible += r.implausible;
    sum.pilotUnlinked += r.pilotUnlinked;
  }
  return sum;
};

/** The store could not take the points (the caller answers 503 / withholds the PUBACK). */
export class ForwardFailed extends Error {}

export interface ClusterIngest {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Partitions owned and ready. */
  ready(): ReadonlySet<number>;
  ownership: Ownership;
  bus: ClusterBus;
  stats(): { forwarded: number; messages: number; consumed: number; liveIn: number; liveOut: number };
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
  /** Takes up per-drone state the previous owner left stored (open no-fly incursions) of drones taken over. */
  adopt?: (which: (droneId: string) => boolean) => Promise<unknown>;
}): ClusterIngest {
  const { bus, ingest, config } = o;
  const partitionOfDrone = (droneId: string) => partitionOf(droneId, config.partitions);
  const ready = new Set<number>();
  const consumers = new Map<number, { messages: ConsumerMessages; inFlight: Set<Promise<void>> }>();
  /** Forwarded entries waiting for their answer, by seq (deadline: when REPLY_TIMEOUT_MS ends). */
  const pending = new Map<
    number,
    { resolve: (r: IngestResult) => void; reject: (e: Error) => void; deadline: number; p: number }
  >();
  let sweeper: NodeJS.Timeout | null = null;
  const replyTo = replySubject(config.nodeId);
  /**
   * This process's own prefix of its message ids: a process restarted under the same node id
   * (CLUSTER_NODE_ID is set per slot) counts from 1 again, and an owner's late answer to the dead
   * one's message (redelivered after a take-over) must not settle the new one's message of that
   * number (an acknowledgement before its points are stored, or another drone's refusal).
   */
  const incarnation = randomUUID().slice(0, 8);
  const counters = { forwarded: 0, messages: 0, consumed: 0 };
  let seq = 0;
  let replies: Subscription | null = null;
  const enc = new TextEncoder();
  const dec = new TextDecoder();

  // ---- the forwarding side ----

  /**
   * Forwarded points wait here for the end of the current turn of the event loop, then go as one
   * message per partition (a 250-drone HTTP batch made ~125 messages, each with its stored-ack and
   * its answer: the forwarded path's throughput was bound by the messages, not by the points).
   * Each entry is kept serialised, with its length (its bytes: all ASCII).
   */
  const outbox = new Map<number, Array<{ seq: number; json: string }>>();
  let outboxScheduled = false;

  function forward(droneId: string, kind: 0 | 1, body: string, accountId: number | null) {
    const p = partitionOfDrone(droneId);
    const n = ++seq;
    const answer = new Promise<IngestResult>((resolve, reject) => {
      pending.set(n, { resolve, reject, deadline: Date.now() + REPLY_TIMEOUT_MS, p });
    });
    let queue = outbox.get(p);
    if (!queue) {
      queue = [];
      outbox.set(p, queue);
    }
    queue.push({ seq: n, json: `[${n},${JSON.stringify(droneId)},${kind},${accountId},${body}]` });
    if (!outboxScheduled) {
      outboxScheduled = true;
      setImmediate(sendOutbox);
    }
    counters.forwarded++;
    return answer;
  }

  /** Points of a drone owned elsewhere, in entries under MAX_FORWARD_BYTES (a drone may send 5,000 at once). */
  function forwardPoints(
    droneId: string,
    points: readonly TelemetryPoint[],
    accountId: number | null,
  ): Promise<IngestResult> {
    const json = JSON.stringify(points);
    const room = MAX_FORWARD_BYTES - 200;
    if (json.length <= room || points.length < 2) return forward(droneId, 1, json, accountId);
    // Cut in as many parts as the size asks (a part still too large is cut again), all queued now,
    // in order: the owner takes them in order.
    const size = Math.ceil(points.length / Math.ceil(json.length / room));
    const parts: Promise<IngestResult>[] = [];
    for (let from = 0; from < points.length; from += size)
      parts.push(forwardPoints(droneId, points.slice(from, from + size), accountId));
    return Promise.all(parts).then(sumResults);
  }

  function forwardRaw(droneId: string, payload: Buffer, accountId: number | null) {
    // A large payload goes as its points (its base64 could pass max_payload): read here, refused here.
    if (payload.length > (MAX_FORWARD_BYTES * 3) / 4 - 200) {
      let points: TelemetryPoint[];
      try {
        points = parsePayload(payload);
      } catch (err) {
        return Promise.reject(err);
      }
      return forwardPoints(droneId, points, accountId);
    }
    return forward(droneId, 0, `"${payload.toString('base64')}"`, accountId);
  }

  /** Forwarded entries not answered in REPLY_TIMEOUT_MS fail (the sender retries). */
  function sweep() {
    const now = Date.now();
    for (const [n, w] of pending)
      if (w.deadline <= now) {
        pending.delete(n);
        w.reject(new ForwardFailed(`no answer from the owner of partition ${w.p} in ${REPLY_TIMEOUT_MS} ms`));
      }
  }

  /** One message per partition (cut below MAX_FORWARD_BYTES), in the order the points came. */
  function sendOutbox() {
    outboxScheduled = false;
    const batches = [...outbox];
    outbox.clear();
    const h = natsHeaders();
    h.set('r', replyTo);
    const head = `{"n":"${incarnation}","e":[`;
    for (const [p, items] of batches) {
      let from = 0;
      while (from < items.length) {
        let to = from;
        let size = head.length + 2;
        while (
          to < items.length &&
          (to === from || size + (items[to]?.json.length ?? 0) + 1 <= MAX_FORWARD_BYTES)
        ) {
          size += (items[to]?.json.length ?? 0) + 1;
          to++;
        }
        const part = items.slice(from, to);
        from = to;
        let text = head;
        for (let k = 0; k < part.length; k++) text += k ? `,${part[k]?.json}` : part[k]?.json;
        counters.messages++;
        bus.js
          .publish(telSubject(p), enc.encode(`${text}]}`), { headers: h, timeout: 10_000 })
          .catch((err) => {
            for (const x of part) {
              pending
                .get(x.seq)
                ?.reject(new ForwardFailed(`the stream did not take the points: ${(err as Error).message}`));
              pending.delete(x.seq);
            }
          });
      }
    }
  }

  function onAnswer(a: Answer) {
    const w = pending.get(a[0]);
    if (!w) return; // answered already, or timed out
    pending.delete(a[0]);
    const status = a[1];
    if (status === 0) {
      const r = a as [number, 0, number, number, number, number, number, number];
      w.resolve({
        accepted: r[2],
        outOfRange: r[3],
        outOfTime: r[4],
        duplicates: r[5],
        implausible: r[6],
        pilotUnlinked: r[7],
      });
      return;
    }
    const message = String(a[2] ?? 'refused');
    if (status === 400) w.reject(new BadMessage(message));
    else if (status === 403 || status === 404) w.reject(new IngestError(message, status));
    else w.reject(new ForwardFailed(message));
  }

  // ---- the owner's side ----

  /** One forwarded message: its entries started in order (a drone's order holds), answered together. */
  async function handle(m: JsMsg) {
    let msg: { n: string; e: Entry[] };
    try {
      msg = JSON.parse(dec.decode(m.data)) as { n: string; e: Entry[] };
      if (!Array.isArray(msg.e)) throw new SyntaxError('no entries');
    } catch {
      m.ack(); // not ours to read: no process sends it
      return;
    }
    let again = false;
    const answers: Answer[] = new Array(msg.e.length);
    const refused = (k: number, n: number, err: unknown) => {
      const status =
        err instanceof IngestError
          ? err.status
          : err instanceof BadMessage || err instanceof SyntaxError
            ? 400
            : 503;
      if (status === 503) again = true;
      answers[k] = [n, status, (err as Error).message];
    };
    const stored = (k: number, n: number, r: IngestResult) => {
      answers[k] = [
        n,
        0,
        r.accepted,
        r.outOfRange,
        r.outOfTime,
        r.duplicates,
        r.implausible,
        r.pilotUnlinked,
      ];
    };
    // Entries taken at once (ingestNow) wait on their commit together, a group per commit (most
    // messages one); the others go through ingestLocal. Started in order: a drone's order holds.
    const waits: Promise<void>[] = [];
    let group: { commit: Promise<void>; entries: Array<[number, number, IngestResult]> } | null = null;
    for (let k = 0; k < msg.e.length; k++) {
      const [n, droneId, kind, accountId, body] = msg.e[k] as Entry;
      if (kind === 1) {
        let taken: Taken | null;
        try {
          taken = ingest.ingestNow(droneId, body as TelemetryPoint[], accountId);
        } catch (err) {
          refused(k, n, err);
          continue;
        }
        if (taken && !taken.stored) {
          stored(k, n, taken.result);
          continue;
        }
        if (taken?.stored) {
          if (group?.commit !== taken.stored) {
            const g: { commit: Promise<void>; entries: Array<[number, number, IngestResult]> } = {
              commit: taken.stored,
              entries: [],
            };
            group = g;
            waits.push(
              g.commit.then(
                () => {
                  for (const [gk, gn, r] of g.entries) stored(gk, gn, r);
                },
                (err) => {
                  for (const [gk, gn] of g.entries) refused(gk, gn, err);
                },
              ),
            );
          }
          group.entries.push([k, n, taken.result]);
          continue;
        }
      }
      waits.push(
        (kind === 0
          ? ingest.messageLocal(droneId, Buffer.from(body as string, 'base64'), accountId)
          : ingest.ingestLocal(droneId, body as TelemetryPoint[], accountId)
        ).then(
          (r) => stored(k, n, r),
          (err) => refused(k, n, err),
        ),
      );
    }
    await Promise.all(waits);
    // Refused for good: gone from the stream. Not stored (the database away): the message again in
    // 2 s (its entries stored meanwhile are duplicates then).
    if (again) m.nak(2_000);
    else m.ack();
    counters.consumed += msg.e.length;
    const to = m.headers?.get('r');
    if (to) bus.nc.publish(to, enc.encode(JSON.stringify({ n: msg.n, a: answers })));
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
        await o.adopt?.(mine);
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

  const picture = createLivePicture({
    bus,
    nodeId: config.nodeId,
    liveMs: config.liveMs ?? DEFAULT_LIVE_MS,
    directory: o.directory,
    live: o.live,
    owns: (droneId) => ready.has(partitionOfDrone(droneId)),
    logger: o.logger,
  });

  return {
    ownership,
    bus,
    ready: () => ready,
    stats: () => ({ ...counters, ...picture.stats() }),
    async start() {
      replies = bus.nc.subscribe(replyTo, {
        callback: (err, m) => {
          if (err) return;
          const msg = JSON.parse(dec.decode(m.data)) as { n?: string; a?: Answer[] };
          // Answers to a predecessor of this node id (killed, restarted) are not for this one.
          if (msg.n !== incarnation) return;
          for (const a of msg.a ?? []) onAnswer(a);
        },
      });
      sweeper = setInterval(sweep, 1_000);
      sweeper.unref();
      picture.start();
      ingest.route({
        owns: (droneId) => ready.has(partitionOfDrone(droneId)),
        points: (droneId, points, accountId) =>
          ready.has(partitionOfDrone(droneId))
            ? ingest.ingestLocal(droneId, points, accountId)
            : forwardPoints(droneId, points, accountId),
        raw: (droneId, payload, accountId) =>
          ready.has(partitionOfDrone(droneId))
            ? ingest.messageLocal(droneId, payload, accountId)
            : forwardRaw(droneId, payload, accountId),
        live: picture.push,
      });
      await ownership.start();
    },
    async stop() {
      // Routing stays: with no partition ready, a late point goes to the stream for the next owner.
      await ownership.stop();
      await stopConsumers([...consumers.keys()], true);
      if (sweeper) clearInterval(sweeper);
      picture.stop();
      replies?.unsubscribe();
      for (const w of pending.values()) w.reject(new ForwardFailed('the console is stopping'));
      pending.clear();
      await bus.close();
    },
  };
}
