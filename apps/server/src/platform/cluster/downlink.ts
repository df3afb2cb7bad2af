/**
 * Commands to drones in cluster mode: a drone's MQTT connection is held by whichever process the
 * load balancer gave it, not by its partition's owner. A command this process cannot hand to a
 * subscriber of its own broker is asked of the others on `agrifleet.cmd`: the process that has the
 * drone subscribed publishes it and answers; no answer within CMD_TIMEOUT_MS means no process could
 * (the command stays pending, as with one process, and is sent when the drone subscribes again).
 */
import type { Logger } from 'pino';
import type { Downlink } from '../mqtt/types.ts';
import { type ClusterBus, SUBJECT_PREFIX } from './nats.ts';

export const CMD_SUBJECT = `${SUBJECT_PREFIX}.cmd`;
export const CMD_TIMEOUT_MS = 1_500;

export function clusterDownlink(
  local: Downlink,
  bus: ClusterBus,
  logger?: Logger,
): Downlink & { close(): void } {
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  const sub = bus.nc.subscribe(CMD_SUBJECT, {
    callback: (err, m) => {
      if (err || !m.reply) return;
      const { droneId, message } = JSON.parse(dec.decode(m.data)) as { droneId: string; message: string };
      void local
        .publish(droneId, message)
        .then((sent) => {
          // Only the process that has the drone answers: the asker takes the first answer.
          if (sent) m.respond(enc.encode('1'));
        })
        .catch((e) => logger?.warn({ err: e, droneId }, 'cluster: command not relayed'));
    },
  });
  return {
    attach: (h) => local.attach(h),
    async publish(droneId, message) {
      if (await local.publish(droneId, message)) return true;
      try {
        await bus.nc.request(CMD_SUBJECT, enc.encode(JSON.stringify({ droneId, message })), {
          timeout: CMD_TIMEOUT_MS,
        });
        return true;
      } catch {
        return false;
      }
    },
    close: () => sub.unsubscribe(),
  };
}
