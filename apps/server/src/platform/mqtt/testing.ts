/** A telemetry handler over fixed keys and drones, and a logger that keeps its lines, for the tests. */
import type { MqttLogger, TelemetryHandler } from './types.ts';

export const KEYS: Record<string, { secret: string; accountId: number }> = {
  'vid-a': { secret: 'secret-a', accountId: 1 },
  'vid-b': { secret: 'secret-b', accountId: 2 },
};
/** Drone id -> owning account. */
export const DRONES: Record<string, number> = { 'drone-a1': 1, 'drone-a2': 1, 'drone-b1': 2 };

export interface FakeHandler extends TelemetryHandler {
  received: { droneId: string; payload: string; accountId: number | null }[];
  /** What happened, in order: 'stored:<payload>' when onMessage resolves. */
  events: string[];
  /** Delay before onMessage resolves, by payload (default 0). */
  delays: Map<string, number>;
}

/** onMessage rejects a payload starting with "bad" with the rest as its reason. */
export function fakeHandler(): FakeHandler {
  const received: FakeHandler['received'] = [];
  const events: string[] = [];
  const delays = new Map<string, number>();
  return {
    received,
    events,
    delays,
    async authenticate(vid, secret) {
      const key = KEYS[vid];
      return key && key.secret === secret ? key.accountId : null;
    },
    async mayPublish(accountId, droneId) {
      return DRONES[droneId] === accountId;
    },
    async onMessage(droneId, payload, accountId) {
      const text = payload.toString('utf8');
      received.push({ droneId, payload: text, accountId });
      const delay = delays.get(text) ?? 0;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (text.startsWith('bad')) throw new Error(`invalid telemetry: ${text}`);
      events.push(`stored:${text}`);
    },
  };
}

export interface MemoryLogger extends MqttLogger {
  lines: { level: 'info' | 'warn' | 'error'; msg: string; obj: object }[];
}

export function memoryLogger(): MemoryLogger {
  const lines: MemoryLogger['lines'] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
  };
}
