/**
 * What lets a stop finish in seconds whatever is open or running (issue 21 #12: after 70 minutes a
 * stop hung for its whole deadline and left the embedded PostgreSQL running):
 *
 * - `within`: waits for a step at most so long; a step left behind is logged, and the stop goes on.
 * - `trackSockets`: every connection the console accepted (browsers' keep-alive, a monitor's
 *   WebSocket, the simulated fleet's MQTT over WebSocket), so that a graceful close that does not
 *   end them (a WebSocket close handshake waits up to 30 s for the peer) can end them by force.
 * - `signalGate`: one stop for the copies of a signal that arrive together (Ctrl-C reaches the
 *   launcher and the console; the launcher passes it on too), a second stop for a signal repeated.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Whether `work` settled within `ms` (its result is not waited for beyond that; the timer never holds the process). */
export async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface SocketTracker {
  /** Connections open now. */
  count(): number;
  /** Ends every open connection at once (upgraded ones too); returns how many there were. */
  destroyAll(): number;
}

export function trackSockets(server: Server): SocketTracker {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    count: () => open.size,
    destroyAll() {
      const n = open.size;
      for (const socket of open) socket.destroy();
      open.clear();
      return n;
    },
  };
}

/** Copies of one signal closer together than this are one request to stop. */
export const SAME_SIGNAL_MS = 1_000;

/**
 * Sorts signals: the first is a stop; copies within SAME_SIGNAL_MS of it are ignored; a later one
 * asks to hurry (a person pressing Ctrl-C again).
 */
export function signalGate(now: () => number = Date.now) {
  let first: number | null = null;
  return (): 'stop' | 'same' | 'hurry' => {
    const t = now();
    if (first === null) {
      first = t;
      return 'stop';
    }
    return t - first < SAME_SIGNAL_MS ? 'same' : 'hurry';
  };
}
