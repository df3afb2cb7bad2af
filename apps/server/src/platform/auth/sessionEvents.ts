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
