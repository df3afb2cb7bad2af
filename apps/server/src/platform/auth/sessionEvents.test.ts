import { describe, expect, it } from 'vitest';
import {
  createSessionEvents,
  SESSIONS_ENDED_CHANNEL,
  type SessionsEnded,
  shareSessionEvents,
} from './sessionEvents.ts';

/** Two processes' session events joined by a fake notice channel (PostgreSQL NOTIFY in the app). */
function pair() {
  const handlers: Array<(payload: string | null) => void> = [];
  const bus = {
    send: async (_channel: string, payload: string) => {
      for (const h of handlers) h(payload);
    },
    on: (channel: string, h: (payload: string | null) => void) => {
      expect(channel).toBe(SESSIONS_ENDED_CHANNEL);
      handlers.push(h);
    },
  };
  return [
    shareSessionEvents(createSessionEvents(), { node: 'a', ...bus }),
    shareSessionEvents(createSessionEvents(), { node: 'b', ...bus }),
  ] as const;
}

describe('shareSessionEvents', () => {
  it('tells every process of an ending, each once', async () => {
    const [a, b] = pair();
    const heardA: SessionsEnded[] = [];
    const heardB: SessionsEnded[] = [];
    a.onEnded((e) => heardA.push(e));
    b.onEnded((e) => heardB.push(e));
    a.ended({ sessionIds: ['s1'] });
    await Promise.resolve();
    expect(heardA).toEqual([{ sessionIds: ['s1'] }]);
    expect(heardB).toEqual([{ sessionIds: ['s1'] }]);
  });

  it('ignores a notice it cannot read', () => {
    const handlers: Array<(p: string | null) => void> = [];
    const events = shareSessionEvents(createSessionEvents(), {
      node: 'a',
      send: async () => undefined,
      on: (_c, h) => handlers.push(h),
    });
    const heard: SessionsEnded[] = [];
    events.onEnded((e) => heard.push(e));
    for (const h of handlers) {
      h(null);
      h('not json');
    }
    expect(heard).toEqual([]);
  });
});
