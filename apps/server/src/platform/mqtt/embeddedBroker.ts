/**
 * The embedded MQTT broker (Aedes 1.x) for telemetry and commands. Devices sign in with their
 * account's key (username = vid, password = secret) and publish to
 * agrifleet/v1/drones/{droneId}/telemetry; a QoS 1 PUBACK leaves after the handler has stored the
 * points. The only subscription allowed is a drone's command topic
 * (agrifleet/v1/drones/{droneId}/commands) by a key that may publish for that drone; only the
 * console publishes there (`downlink`). Answers on .../commands/ack go to the downlink handler. No
 * device publish is ever delivered to a subscriber or kept as retained. See README.md.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { createServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ErrorCode } from '@agrifleet/domain';
import { Aedes, type AuthErrorCode, type Client, type PublishPacket } from 'aedes';
import { AppError } from '../errors.ts';
import { createIngestCounter, reasonOf } from './ingestStats.ts';
import {
  commandTopicOf,
  type Downlink,
  type DownlinkHandler,
  droneIdOfAckTopic,
  droneIdOfCommandTopic,
  droneIdOfTopic,
  type IngestStats,
  type MqttLogger,
  StoreUnavailable,
  type TelemetryHandler,
} from './types.ts';

export interface EmbeddedBrokerOptions {
  /** TCP port; 0 picks a free one (see the handle's `port`). */
  /** TCP port; null: no TCP listener (MQTT over WebSocket only). */
  port: number | null;
  host?: string;
  handler: TelemetryHandler;
  logger: MqttLogger;
  /** How long a connection remembers a mayPublish answer for a drone. */
  mayPublishTtlMs?: number;
}

export interface EmbeddedBroker {
  /** The TCP port (the bound one when listening). */
  readonly port: number;
  /** False when the TCP port was taken: the broker still serves handleStream (MQTT over WebSocket). */
  readonly listening: boolean;
  /** Serve one MQTT connection arriving on another transport (a WebSocket stream). */
  handleStream(stream: Duplex, req?: IncomingMessage): void;
  stats(): IngestStats;
  /** Commands to subscribed drones, and their answers (telemetry/commands). */
  readonly downlink: Downlink;
  close(): Promise<void>;
}

/** What one authenticated connection carries. */
interface Session {
  accountId: number;
  /** mayPublish answers by drone id, with the time they were asked. */
  allowed: Map<string, { ok: Promise<boolean>; at: number }>;
  /** The previous message's turn: messages of a connection reach onMessage in the order sent. */
  tail: Promise<unknown>;
}

type Outcome = { refused: string } | { stored: Promise<void> };

const CONNACK_SERVER_UNAVAILABLE = 3 as AuthErrorCode;
const CONNACK_NOT_AUTHORIZED = 5 as AuthErrorCode;
const MAX_CACHED_DRONES = 10_000;

/** aedes answers CONNACK with the error's returnCode. */
function connackError(message: string, returnCode: AuthErrorCode) {
  return Object.assign(new Error(message), { returnCode });
}

export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { handler, logger } = opts;
  const ttl = opts.mayPublishTtlMs ?? 60_000;
  const counter = createIngestCounter(logger, 'embedded-broker');
  const sessions = new WeakMap<Client, Session>();
  let downlinkHandler: DownlinkHandler | null = null;
  /** The connections subscribed to each drone's command topic. */
  const subscribers = new Map<string, Set<Client>>();
  const unsubscribe = (client: Client, droneId: string) => {
    const set = subscribers.get(droneId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) subscribers.delete(droneId);
  };

  function mayPublish(session: Session, droneId: string): Promise<boolean> {
    const now = Date.now();
    const hit = session.allowed.get(droneId);
    if (hit && now - hit.at < ttl) return hit.ok;
    if (session.allowed.size >= MAX_CACHED_DRONES) session.allowed.clear();
    const ok = handler.mayPublish(session.accountId, droneId);
    session.allowed.set(droneId, { ok, at: now });
    ok.catch(() => session.allowed.delete(droneId));
    return ok;
  }

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      if (!username || !password) {
        done(connackError('username and password required', CONNACK_NOT_AUTHORIZED), false);
        return;
      }
      handler.authenticate(username, password.toString('utf8')).then(
        (accountId) => {
          if (accountId === null) {
            done(connackError('not authorized', CONNACK_NOT_AUTHORIZED), false);
            return;
          }
          sessions.set(client, { accountId, allowed: new Map(), tail: Promise.resolve() });
          done(null, true);
        },
        (err: unknown) => {
          // A disabled account's key: refused with the reason (the key service logged it).
          if (err instanceof AppError && err.code === ErrorCode.accountDisabled) {
            done(connackError('account disabled', CONNACK_NOT_AUTHORIZED), false);
            return;
          }
          logger.error({ err, clientId: client.id }, 'MQTT authentication failed');
          done(connackError('server unavailable', CONNACK_SERVER_UNAVAILABLE), false);
        },
      );
    },

    authorizePublish(client, packet, callback) {
      // A will is published after its client has gone (or with no client): nothing to ingest.
      if (!client || client.closed) return callback(new Error('wills are not accepted'));
      // $-topics are the broker's own ($SYS/+/new/clients would let a device kick others off).
      if (packet.topic.startsWith('$')) return callback(new Error('$ topics are reserved'));
      const session = sessions.get(client);
      if (!session) return callback(new Error('not authenticated'));
      packet.retain = false; // never kept by the broker
      ingest(session, client, packet).then(
        () => callback(null),
        (err: unknown) => {
          // Our failure (mayPublish could not answer, or the store is down), not the message's:
          // drop the connection so the device sends the message again after reconnecting.
          logger.error({ err, clientId: client.id, topic: packet.topic }, 'MQTT publish check failed');
          callback(new Error('server unavailable'));
        },
      );
    },

    // Devices subscribe only to the command topic of a drone their key may publish for (exactly
    // that topic, no wildcards, at most QoS 1); telemetry is never fanned out (README.md).
    authorizeSubscribe(client, subscription, callback) {
      const session = client ? sessions.get(client) : undefined;
      const droneId = droneIdOfCommandTopic(subscription.topic);
      if (!session || !droneId) return callback(null, null);
      mayPublish(session, droneId).then(
        (ok) => {
          if (!ok) return callback(null, null);
          // Commands travel at QoS 1 at most (aedes' SUBACK still grants what was asked).
          subscription.qos = Math.min(subscription.qos, 1) as 0 | 1;
          callback(null, subscription);
        },
        (err: unknown) => {
          logger.error({ err, clientId: client.id, droneId }, 'MQTT subscribe check failed');
          callback(null, null);
        },
      );
    },
    // Belt and braces: a packet a device published (it carries clientId) is never forwarded.
    authorizeForward(_client, packet) {
      return (packet as { clientId?: string }).clientId ? null : packet;
    },
  });
  // aedes emits 'error' (missing from its typings) when persistence fails: log, never crash.
  (broker as EventEmitter).on('error', (err: Error) => logger.error({ err }, 'MQTT broker error'));
  // 'subscribe' is emitted once the subscription is in place: what is published now reaches it.
  broker.on('subscribe', (subscriptions, client) => {
    if (!client) return;
    for (const s of subscriptions) {
      const droneId = droneIdOfCommandTopic(s.topic);
      if (!droneId) continue;
      let set = subscribers.get(droneId);
      if (!set) {
        set = new Set();
        subscribers.set(droneId, set);
      }
      set.add(client);
      downlinkHandler?.onSubscribed(droneId);
    }
  });
  broker.on('unsubscribe', (topics, client) => {
    if (!client) return;
    for (const t of topics) {
      const droneId = droneIdOfCommandTopic(t);
      if (droneId) unsubscribe(client, droneId);
    }
  });
  broker.on('clientDisconnect', (client) => {
    for (const droneId of [...subscribers.keys()]) unsubscribe(client, droneId);
  });

  /** Resolves when the message may be acknowledged; rejects when the connection must drop. */
  async function ingest(session: Session, client: Client, packet: PublishPacket): Promise<void> {
    const ackOf = droneIdOfAckTopic(packet.topic);
    const droneId = ackOf ?? droneIdOfTopic(packet.topic);
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    // In turn: onMessage is called in the order the connection sent, yet several messages may be
    // waiting for their storage at once (aedes handles a socket read's packets concurrently).
    const turn: Promise<Outcome> = session.tail.then(async () => {
      if (!droneId)
        return { refused: `not a telemetry or command answer topic: ${packet.topic.slice(0, 200)}` };
      if (!(await mayPublish(session, droneId))) return { refused: `drone ${droneId} is not the account's` };
      if (ackOf && !downlinkHandler) return { refused: 'commands are not served' };
      try {
        if (ackOf && downlinkHandler)
          return { stored: downlinkHandler.onAck(droneId, payload, session.accountId) };
        return { stored: handler.onMessage(droneId, payload, session.accountId) };
      } catch (err) {
        return { stored: Promise.reject(err) }; // a handler throwing at once rejects the message too
      }
    });
    session.tail = turn.catch(() => undefined);
    const outcome = await turn;
    const context = { clientId: client.id, accountId: session.accountId, topic: packet.topic.slice(0, 200) };
    if ('refused' in outcome) {
      counter.reject(outcome.refused, context);
      handler.onRefused?.(session.accountId, droneId, outcome.refused);
      return; // acknowledged and dropped, like Mosquitto: a retry loop would gain nothing
    }
    try {
      await outcome.stored;
      if (!ackOf) counter.accept(); // telemetry counts; answers are the command service's
    } catch (err) {
      // Not stored now: no PUBACK; dropping the connection makes the device send it again.
      if (err instanceof StoreUnavailable) throw err;
      counter.reject(reasonOf(err), context);
      handler.onRefused?.(session.accountId, droneId, reasonOf(err));
    }
  }

  const server = createServer((socket) => broker.handle(socket));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // port null: no TCP listener at all (tests; MQTT over WebSocket only).
  const listening =
    opts.port === null
      ? false
      : await new Promise<boolean>((resolve, reject) => {
          server.once('error', (err: NodeJS.ErrnoException) => {
            if (err.code === 'EADDRINUSE') resolve(false);
            else reject(err);
          });
          server.listen(opts.port ?? 0, opts.host, () => resolve(true));
        }).catch(async (err: unknown) => {
          await new Promise<void>((resolve) => broker.close(() => resolve()));
          throw err;
        });

  let port = opts.port ?? 0;
  if (listening) {
    server.on('error', (err) => logger.error({ err }, 'MQTT listener error'));
    const address = server.address();
    if (address && typeof address === 'object') port = address.port;
    logger.info({ port, host: opts.host ?? null }, 'MQTT broker listening');
  } else if (opts.port !== null) {
    logger.warn(
      { port },
      `MQTT port ${port} is in use (another broker?); the embedded broker takes MQTT over WebSocket at /mqtt only: set MQTT_PORT, or MQTT_URL to consume from that broker`,
    );
  }

  return {
    port,
    listening,
    handleStream: (stream, req) => {
      broker.handle(stream, req);
    },
    stats: counter.stats,
    downlink: {
      attach(h) {
        downlinkHandler = h;
      },
      publish(droneId, message) {
        if (!subscribers.has(droneId)) return Promise.resolve(false);
        return new Promise<boolean>((resolve) => {
          broker.publish(
            {
              cmd: 'publish',
              topic: commandTopicOf(droneId),
              payload: Buffer.from(message),
              qos: 1,
              retain: false,
              dup: false,
            },
            (err) => {
              if (err) logger.error({ err, droneId }, 'MQTT command publish failed');
              resolve(!err);
            },
          );
        });
      },
    },
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      if (!listening) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
