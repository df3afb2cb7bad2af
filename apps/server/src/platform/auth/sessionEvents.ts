/**
 * In-process news of ended sign-ins, so long-lived connections (the monitor socket) close at once
 * on sign-out, a password reset or change, a refresh-token reuse, or a disabled user. Whatever ends
 * sessions without telling (another process, SQL by hand, expiry) is caught by the socket's own
 * check of its session before every push.
 */
import { EventEmitter } from 'node:events';

/** Sessions that ended: these ids, and / or every session of a user but `keep`. */
export interface SessionsEnded {
  sessionIds?: readonly string[];
  userId?: number;
  keep?: string;
}

export interface SessionEvents {
  ended(e: SessionsEnded): void;
  /** Calls listener for every ending; returns the function that stops it. */
  onEnded(listener: (e: SessionsEnded) => void): () => void;
}

export function createSessionEvents(): SessionEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    ended: (e) => emitter.emit('ended', e),
    onEnded(listener) {
      emitter.on('ended', listener);
      return () => emitter.off('ended', listener);
    },
  };
}

/** Whether a session of userId with id sessionId is among those ended. */
export const isEnded = (e: SessionsEnded, s: { sessionId: string; userId: number }) =>
  !!e.sessionIds?.includes(s.sessionId) || (e.userId === s.userId && e.keep !== s.sessionId);

/** Change-notice channel of ended sessions between the processes of a cluster. */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/**
 * Cluster mode: every ending is also sent to the other processes (PostgreSQL NOTIFY through
 * platform/notify.ts), whose monitor sockets of those sessions then close at once too (issue 24 #3).
 */
export function shareSessionEvents(
  events: SessionEvents,
  o: {
    node: string;
    send: (channel: string, payload: string) => Promise<void>;
    on: (channel: string, handler: (payload: string | null) => void) => unknown;
  },
): SessionEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  o.on(SESSIONS_ENDED_CHANNEL, (payload) => {
    if (!payload) return;
    try {
      const { node, e } = JSON.parse(payload) as { node: string; e: SessionsEnded };
      if (node !== o.node) events.ended(e);
    } catch {}
  });
  return {
    ended(e) {
      events.ended(e);
      void o.send(SESSIONS_ENDED_CHANNEL, JSON.stringify({ node: o.node, e })).catch(() => undefined);
    },
    onEnded: (listener) => events.onEnded(listener),
  };
}
