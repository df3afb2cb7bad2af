/**
 * MQTT for telemetry and commands: the embedded Aedes broker (TCP on MQTT_PORT, and MQTT over
 * WebSocket at /mqtt on the console's port), or, with MQTT_URL, consumers of an external broker's
 * shared subscription, a command link (publishes commands, takes answers) plus the HTTP
 * authentication hooks such a broker calls (platform/mqtt/README.md). The returned `downlink` is
 * what the command service (telemetry/commands) publishes through.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { clusterDownlink } from '../../platform/cluster/downlink.ts';
import type { Metrics } from '../../platform/metrics.ts';
import { mqttAuthRoutes } from '../../platform/mqtt/authHooks.routes.ts';
import { startEmbeddedBroker } from '../../platform/mqtt/embeddedBroker.ts';
import { connectExternalBroker } from '../../platform/mqtt/externalConsumer.ts';
import { connectExternalDownlink } from '../../platform/mqtt/externalDownlink.ts';
import {
  type Downlink,
  type DownlinkHandler,
  StoreUnavailable,
  type TelemetryHandler,
} from '../../platform/mqtt/types.ts';
import { registerMqttOverWebSocket } from '../../platform/mqtt/webSocketRoute.ts';
import type { Telemetry } from '../../telemetry/index.ts';
import { BadMessage } from '../../telemetry/ingest/validate.ts';
import type { KeysService } from '../accounts/keys.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when telemetry consumers are subscribed (external broker) or at once. */
    mqttReady: Promise<void>;
  }
}

export async function registerMqtt(
  app: FastifyInstance,
  deps: { config: Config; telemetry: Telemetry; keys: KeysService; logger: Logger; metrics: Metrics },
) {
  const { config, telemetry, keys, logger, metrics } = deps;
  /** The command service, once it has attached itself to the downlink. */
  let commands: DownlinkHandler | null = null;
  const relay = (inner: Downlink): Downlink => ({
    publish: (droneId, message) => inner.publish(droneId, message),
    attach(h) {
      commands = h;
      inner.attach(h);
    },
  });
  const handler: TelemetryHandler = {
    authenticate: (vid, secret) => keys.verify(vid, secret),
    mayPublish: (accountId, droneId) => telemetry.directory.mayPublish(accountId, droneId),
    async onMessage(droneId, payload, accountId) {
      const arrived = performance.now();
      try {
        const result = await telemetry.ingest.message(droneId, payload, accountId);
        // Stored: the broker sends PUBACK when this resolves.
        metrics.ingested('mqtt', result.accepted, (performance.now() - arrived) / 1000);
        if (accountId !== null) keys.ingestStats.accepted(accountId, 'mqtt', droneId, result);
        commands?.onTelemetry(droneId); // the drone is back: unanswered commands may be re-sent
      } catch (err) {
        if (err instanceof BadMessage) throw err;
        throw new StoreUnavailable((err as Error).message);
      }
    },
    // Acknowledged but not stored (bad JSON, over 5,000 points, another account's drone): counted
    // for the key's account (GET /api/user/account/secretKey/stats).
    onRefused: (accountId, droneId, reason) => keys.ingestStats.refused(accountId, 'mqtt', droneId, reason),
  };

  if (config.mqttUrl) {
    await app.register(mqttAuthRoutes, {
      authenticate: handler.authenticate,
      accountOfVid: (vid) => keys.accountOfVid(vid),
      mayPublish: handler.mayPublish,
      // The broker asks before it subscribes: re-send once the subscription is likely in place.
      onSubscribe: (droneId) => setTimeout(() => commands?.onSubscribed(droneId), 1_000).unref(),
    });
    const link = connectExternalDownlink({
      url: config.mqttUrl,
      logger,
      clientId: `agrifleet-commands-${config.mqttClientId}`,
      group: config.mqttGroup,
    });
    // Several connections in the shared group: mqtt.js hands one message at a time per connection.
    const consumers = Array.from({ length: config.mqttConsumers }, (_, i) =>
      connectExternalBroker({
        url: config.mqttUrl as string,
        handler,
        logger,
        clientId: `agrifleet-ingest-${config.mqttClientId}-${i}`,
        group: config.mqttGroup,
      }),
    );
    app.decorate(
      'mqttReady',
      Promise.all([...consumers.map((c) => c.ready), link.ready]).then(() => undefined),
    );
    app.addHook('onClose', async () => {
      await Promise.all([...consumers.map((c) => c.close()), link.close()]);
    });
    return { consumers, broker: null, downlink: relay(link) };
  }

  const broker = await startEmbeddedBroker({
    port: config.mqttPort === 0 ? null : config.mqttPort,
    handler,
    logger,
  });
  registerMqttOverWebSocket(app, broker);
  app.decorate('mqttReady', Promise.resolve());
  app.addHook('onClose', () => broker.close());
  // Cluster mode: a command reaches the drone whichever process holds its connection.
  const bus = telemetry.cluster?.bus;
  if (!bus) return { consumers: [], broker, downlink: relay(broker.downlink) };
  const shared = clusterDownlink(broker.downlink, bus, logger);
  app.addHook('onClose', async () => {
    try {
      shared.close();
    } catch {}
  });
  return { consumers: [], broker, downlink: relay(shared) };
}
