/**
 * Telemetry from an external MQTT broker (Mosquitto, EMQX: MQTT_URL). The broker authenticates
 * devices (see authHooks.routes.ts); this process subscribes to every drone's telemetry with a
 * persistent session, and acknowledges a message only after the handler has stored it.
 *
 * mqtt.js hands over incoming messages one at a time and sends a QoS 1 PUBACK once `handleMessage`
 * calls back (for MQTT 3.1.1 and 5 alike; `customHandleAcks` is honoured only with MQTT 5). So
 * one connection has one message in the handler at a time: see README.md for the throughput.
 */
import { hostname } from 'node:os';
import { TELEMETRY_TOPIC_FILTER } from '@agrifleet/domain';
import { connect, type IClientOptions } from 'mqtt';
import { createIngestCounter, reasonOf } from './ingestStats.ts';
import {
  droneIdOfTopic,
  type IngestStats,
  type MqttLogger,
  StoreUnavailable,
  type TelemetryHandler,
} from './types.ts';

export interface ExternalConsumerOptions {
  /** mqtt://, mqtts://, ws:// or wss:// URL; credentials may be in it (mqtt://user:pass@host). */
  url: string;
  handler: Pick<TelemetryHandler, 'onMessage'>;
  logger: MqttLogger;
  /**
   * Must stay the same across restarts of one server process and differ between processes: the
   * broker keeps the session (clean: false) and its unacknowledged messages under this id.
   */
  clientId?: string;
  /** Shared-subscription group; the processes of one deployment share it. */
  group?: string;
  /** False for brokers that take `$share/...` as a plain topic name (Mosquitto before 1.6). */
  shared?: boolean;
  /** More mqtt.js options (TLS files, username/password, keepalive...). */
  mqtt?: IClientOptions;
}

export interface ExternalConsumer {
  /** Resolves with the filter subscribed to, once the first connection has subscribed. */
  readonly ready: Promise<string>;
  stats(): IngestStats & { connected: boolean; filter: string | null };
  close(): Promise<void>;
}

export function connectExternalBroker(opts: ExternalConsumerOptions): ExternalConsumer {
  const { handler, logger } = opts;
  const clientId = opts.clientId ?? `agrifleet-ingest-${hostname()}`.slice(0, 64);
  const shared = `$share/${opts.group ?? 'agrifleet'}/${TELEMETRY_TOPIC_FILTER}`;
  const counter = createIngestCounter(logger, 'external-broker');
  const where = { url: redact(opts.url), clientId };

  const client = connect(opts.url, {
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    ...opts.mqtt,
    clientId,
    clean: false,
  });

  // Installed before the first packet can arrive: a resumed session delivers at once.
  client.handleMessage = (packet, done) => {
    const droneId = droneIdOfTopic(packet.topic);
    if (!droneId) {
      counter.reject(`not a telemetry topic: ${packet.topic.slice(0, 200)}`, { topic: packet.topic });
      done();
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    handler.onMessage(droneId, payload, null).then(
      () => {
        counter.accept();
        done();
      },
      (err: unknown) => {
        if (err instanceof StoreUnavailable) {
          // Not stored: no PUBACK. Reconnecting (persistent session) makes the broker redeliver it.
          logger.warn({ topic: packet.topic }, 'telemetry store unavailable; reconnecting to get it again');
          client.reconnect();
          return;
        }
        // A bad message is acknowledged all the same: the broker would only send it again.
        counter.reject(reasonOf(err), { topic: packet.topic });
        done();
      },
    );
  };

  let connected = false;
  let errorLogged = false;
  let filter: string | null = null;
  let resolveReady: (filter: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => {
    resolveReady = resolve;
  });

  /** Subscribes at QoS 1; false when the broker refuses the filter (SUBACK 0x80). */
  async function trySubscribe(topic: string): Promise<boolean> {
    try {
      const [grant] = await client.subscribeAsync(topic, { qos: 1 });
      return grant !== undefined && grant.qos !== 128;
    } catch (err) {
      if (refusedBySuback(err)) return false;
      throw err;
    }
  }

  async function subscribe(): Promise<string> {
    if (opts.shared !== false) {
      if (await trySubscribe(shared)) {
        // A plain subscription left by an earlier run would receive every message a second time.
        await client.unsubscribeAsync(TELEMETRY_TOPIC_FILTER);
        return shared;
      }
      logger.warn({ ...where, filter: shared }, 'MQTT broker refused the shared subscription; one consumer');
    }
    if (!(await trySubscribe(TELEMETRY_TOPIC_FILTER)))
      throw new Error(`the broker refused ${TELEMETRY_TOPIC_FILTER}`);
    return TELEMETRY_TOPIC_FILTER;
  }

  client.on('connect', () => {
    if (!connected) logger.info(where, 'MQTT consumer connected');
    connected = true;
    errorLogged = false;
    // Once per process; mqtt.js subscribes again by itself when a reconnect finds no session.
    if (filter !== null) return;
    filter = '';
    subscribe().then(
      (subscribed) => {
        filter = subscribed;
        logger.info({ ...where, filter }, 'MQTT consumer subscribed');
        resolveReady(subscribed);
      },
      (err: unknown) => {
        filter = null; // try again at the next connect
        logger.error({ ...where, err }, 'MQTT consumer could not subscribe');
      },
    );
  });
  client.on('close', () => {
    if (connected) logger.warn(where, 'MQTT consumer disconnected; reconnecting');
    connected = false;
  });
  client.on('error', (err) => {
    if (errorLogged) return;
    errorLogged = true;
    logger.warn({ ...where, err: reasonOf(err) }, 'MQTT consumer connection error');
  });

  return {
    ready,
    stats: () => ({ ...counter.stats(), connected, filter: filter || null }),
    async close() {
      connected = false; // no "disconnected" warning for a wanted close
      await client.endAsync();
    },
  };
}

/** mqtt.js 5 rejects a refused filter with an ErrorWithSubackPacket whose packet has 0x80 granted. */
export function refusedBySuback(err: unknown): boolean {
  const granted = (err as { packet?: { granted?: unknown } } | null)?.packet?.granted;
  return Array.isArray(granted) && granted.some((code) => typeof code === 'number' && code >= 0x80);
}

/** The URL without its password, for logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}
