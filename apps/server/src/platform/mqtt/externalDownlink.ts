/**
 * Commands through an external MQTT broker (MQTT_URL): this process publishes each command at
 * QoS 1 on `agrifleet/v1/drones/{droneId}/commands` and takes the drones' answers from a shared
 * subscription to `agrifleet/v1/drones/+/commands/ack` (one process of the group gets each). The
 * broker's ACL (authHooks.routes.ts for EMQX) lets a device subscribe to and answer for its own
 * drones only. See README.md "Commands".
 */
import { hostname } from 'node:os';
import { connect, type IClientOptions } from 'mqtt';
import { refusedBySuback } from './externalConsumer.ts';
import { reasonOf } from './ingestStats.ts';
import {
  commandTopicOf,
  type Downlink,
  type DownlinkHandler,
  droneIdOfAckTopic,
  type MqttLogger,
  StoreUnavailable,
} from './types.ts';

export const ACK_TOPIC_FILTER = 'agrifleet/v1/drones/+/commands/ack';

export interface ExternalDownlinkOptions {
  url: string;
  logger: MqttLogger;
  /** Stable per process, distinct between processes (a persistent session keeps unanswered acks). */
  clientId?: string;
  group?: string;
  shared?: boolean;
  mqtt?: IClientOptions;
}

export interface ExternalDownlink extends Downlink {
  /** Resolves once the ack subscription is in place. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export function connectExternalDownlink(opts: ExternalDownlinkOptions): ExternalDownlink {
  const { logger } = opts;
  const clientId = opts.clientId ?? `agrifleet-commands-${hostname()}`.slice(0, 64);
  const where = { clientId };
  let handler: DownlinkHandler | null = null;
  let connected = false;
  let subscribed = false;
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const client = connect(opts.url, {
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    ...opts.mqtt,
    clientId,
    clean: false,
  });

  client.handleMessage = (packet, done) => {
    const droneId = droneIdOfAckTopic(packet.topic);
    if (!droneId || !handler) {
      done();
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    handler.onAck(droneId, payload, null).then(
      () => done(),
      (err: unknown) => {
        if (err instanceof StoreUnavailable) {
          client.reconnect(); // not stored: no PUBACK, the broker sends it again
          return;
        }
        logger.warn({ ...where, topic: packet.topic, err: reasonOf(err) }, 'command answer refused');
        done();
      },
    );
  };

  async function trySubscribe(topic: string): Promise<boolean> {
    try {
      const [grant] = await client.subscribeAsync(topic, { qos: 1 });
      return grant !== undefined && grant.qos !== 128;
    } catch (err) {
      if (refusedBySuback(err)) return false;
      throw err;
    }
  }

  async function subscribe(): Promise<void> {
    const shared = `$share/${opts.group ?? 'agrifleet'}/${ACK_TOPIC_FILTER}`;
    if (opts.shared !== false && (await trySubscribe(shared))) {
      await client.unsubscribeAsync(ACK_TOPIC_FILTER);
      return;
    }
    if (!(await trySubscribe(ACK_TOPIC_FILTER))) throw new Error(`the broker refused ${ACK_TOPIC_FILTER}`);
  }

  let errorLogged = false;
  client.on('connect', () => {
    connected = true;
    errorLogged = false;
    logger.info(where, 'MQTT command link connected');
    const up = () => handler?.onLinkUp();
    if (subscribed) return up();
    subscribe().then(
      () => {
        subscribed = true;
        resolveReady();
        up();
      },
      (err: unknown) => logger.error({ ...where, err }, 'MQTT command link could not subscribe to answers'),
    );
  });
  client.on('close', () => {
    connected = false;
  });
  client.on('error', (err) => {
    if (errorLogged) return; // once an outage
    errorLogged = true;
    logger.warn({ ...where, err: reasonOf(err) }, 'MQTT command link error');
  });

  return {
    ready,
    attach(h) {
      handler = h;
    },
    async publish(droneId, message) {
      if (!connected) return false;
      try {
        await client.publishAsync(commandTopicOf(droneId), message, { qos: 1 });
        return true;
      } catch (err) {
        logger.warn({ ...where, droneId, err: reasonOf(err) }, 'MQTT command publish failed');
        return false;
      }
    },
    async close() {
      connected = false;
      await client.endAsync();
    },
  };
}
