/**
 * MQTT over WebSocket at /mqtt (MQTT 3.1.1 §6), served by the embedded broker. The caller
 * registers @fastify/websocket first. ws answers the client's first offered subprotocol, which
 * MQTT clients send as 'mqtt' (mqtt.js, Paho); so keep @fastify/websocket's `handleProtocols`
 * unset, or make it accept 'mqtt'.
 */
import type {} from '@fastify/websocket'; // its route options and handler types
import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { EmbeddedBroker } from './embeddedBroker.ts';

export function registerMqttOverWebSocket(
  app: FastifyInstance,
  broker: Pick<EmbeddedBroker, 'handleStream'>,
) {
  app.get(
    '/mqtt',
    // Devices authenticate inside MQTT (CONNECT username/password), not with a console session.
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    (socket, req) => {
      const stream = createWebSocketStream(socket);
      // A client gone mid-frame errors the stream; aedes closes the connection on its own.
      stream.on('error', () => undefined);
      broker.handleStream(stream, req.raw);
    },
  );
}
