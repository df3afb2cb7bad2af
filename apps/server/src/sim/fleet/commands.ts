/**
 * Simulated drones answer commands as real ones do (docs/api.md "Commands"): one MQTT connection
 * per telemetry key subscribes to each drone's command topic and answers on its ack topic. A lock
 * or unlock is applied at once (lock.ts: a locked drone on the ground does not take off) and
 * answered `done`. A drone that flies plans (mission.ts) obeys settings, plan, start, pause, resume
 * and returnHome, and answers a start again later (acknowledged with its progress, then done or
 * failed); for a drone without them these types are answered `failed`. A command seen again (a
 * re-send) is answered again with its latest answer, not applied again; a lock or unlock older than
 * the last one applied is answered and ignored.
 */
import { type CommandMessage, commandAckTopic, commandMessageSchema, commandTopic } from '@agrifleet/domain';
import type { LockableDrone } from './lock.ts';
import type { Answer, MissionDrone } from './mission.ts';
import type { KeyPair } from './senders.ts';

export interface CommandLink {
  /** Resolves when every command topic is subscribed. */
  readonly ready: Promise<void>;
  stats(): { received: number; answered: number; lastError: string | null };
  close(): Promise<void>;
}

/** The MQTT URL the console's drones use for commands: its own WebSocket endpoint by default. */
export function commandUrlFor(consoleUrl: string): string {
  const u = new URL(consoleUrl);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = '/mqtt';
  return u.toString();
}

export function obeyCommands(
  url: string,
  key: KeyPair,
  drones: readonly (LockableDrone | MissionDrone)[],
  opts: { clientId?: string; onError?: (err: Error) => void } = {},
): CommandLink {
  const byId = new Map(drones.map((d) => [d.droneId, d]));
  const answers = new Map<number, Answer>();
  const lastLocking = new Map<string, number>();
  const s = { received: 0, answered: 0, lastError: null as string | null };
  let closed = false;
  const fail = (err: Error) => {
    if (closed) return; // what a close cuts short is no failure
    s.lastError = err.message;
    opts.onError?.(err);
  };

  function apply(drone: LockableDrone | MissionDrone, c: CommandMessage): Answer {
    if (c.type !== 'lock' && c.type !== 'unlock')
      return 'obey' in drone ? drone.obey(c) : { state: 'failed', reason: `${c.type} is not supported` };
    if (c.id >= (lastLocking.get(drone.droneId) ?? 0)) {
      lastLocking.set(drone.droneId, c.id);
      drone.setLocked(c.type === 'lock');
    }
    return { state: 'done' };
  }

  // Kept from its creation on: close() ends it whatever state it is in (connecting, reconnecting).
  let client: import('mqtt').MqttClient | null = null;
  const ready = (async () => {
    const mqtt = await import('mqtt');
    if (closed) throw new Error('closed');
    client = mqtt.connect(url, {
      username: key.vid,
      password: key.secret,
      clientId: opts.clientId ?? `agrifleet-sim-cmd-${key.vid}-${process.pid}`,
      reconnectPeriod: 2000,
    });
    const c = client;
    // As mqtt.connectAsync: the first connect, or its error (the client ended), or close().
    await new Promise<void>((resolve, reject) => {
      const settle = (err?: Error) => {
        c.off('connect', onConnect).off('error', onError).off('end', onEnd);
        if (err) reject(err);
        else resolve();
      };
      const onConnect = () => settle();
      const onError = (err: Error) => {
        c.end(true);
        settle(err);
      };
      const onEnd = () => settle(new Error('closed'));
      c.on('connect', onConnect).on('error', onError).on('end', onEnd);
    });
    c.on('error', fail);
    // Later answers (a start's progress and end): kept for re-sends, published now.
    for (const d of drones) {
      if (!('onAnswer' in d)) continue;
      d.onAnswer((id, a) => {
        answers.set(id, a);
        c.publishAsync(commandAckTopic(d.droneId), JSON.stringify({ id, ...a }), { qos: 1 }).then(() => {
          s.answered++;
        }, fail);
      });
    }
    c.on('message', (topic, payload) => {
      const droneId = topic.split('/')[3] ?? '';
      const drone = byId.get(droneId);
      if (!drone) return;
      let m: CommandMessage;
      try {
        m = commandMessageSchema.parse(JSON.parse(payload.toString('utf8')));
      } catch (err) {
        return fail(new Error(`bad command for ${droneId}: ${(err as Error).message}`));
      }
      s.received++;
      const answer = answers.get(m.id) ?? apply(drone, m);
      answers.set(m.id, answer);
      c.publishAsync(commandAckTopic(droneId), JSON.stringify({ id: m.id, ...answer }), { qos: 1 }).then(
        () => {
          s.answered++;
        },
        fail,
      );
    });
    const topics = drones.map((d) => commandTopic(d.droneId));
    for (let i = 0; i < topics.length; i += 100) {
      const granted = await c.subscribeAsync(topics.slice(i, i + 100), { qos: 1 });
      const refused = granted.filter((g) => g.qos >= 128).map((g) => g.topic);
      if (refused.length) fail(new Error(`command topics refused: ${refused.join(', ')}`));
    }
    return c;
  })();
  ready.catch(fail);

  return {
    ready: ready.then(() => undefined),
    stats: () => ({ ...s }),
    /** Ends the connection at once (answers still in flight are dropped, as a drone switched off drops them). */
    async close() {
      closed = true;
      const c = client;
      if (c) await new Promise<void>((resolve) => c.end(true, {}, () => resolve()));
    },
  };
}
