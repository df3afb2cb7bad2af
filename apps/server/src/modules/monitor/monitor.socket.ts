/**
 * The monitor's live feed: one WebSocket per open monitor. The page sends its map range and
 * filters ({ type: 'subscribe', query, offline }); once a second (throttled) the server sends the
 * drones in that view whose state changed since the last message, and the ids that left it.
 * A socket lives only as long as its sign-in: it is closed (code 4401) at once when the sign-in
 * ends in this process (sign-out, password reset, refresh-token reuse), and before every push the
 * sessions of all sockets are checked in one query (revoked, expired, user or account disabled).
 *
 * Origin (issue 20, finding 15): a browser sends its page's Origin with the upgrade, and a page of
 * another site could otherwise open the socket with a token it holds. A request with an Origin is
 * accepted only when that Origin names the host the request was sent to (its Host header, or
 * X-Forwarded-Host behind TRUST_PROXY), scheme's default port aside; else 403 before the upgrade.
 * A client without an Origin (not a browser: tools, tests) is accepted, as it must still present
 * a valid access_token like any caller (the guard answers 401 first).
 */
import {
  type MapDrone,
  MONITOR_BASE,
  type MonitorPush,
  type MonitorQuery,
  mapDronesOf,
  monitorQuery,
} from '@agrifleet/domain';
import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { callerOf } from '../../platform/auth/guard.ts';
import { type DataScope, scopeOf } from '../../platform/auth/scope.ts';
import { isEnded, type SessionEvents } from '../../platform/auth/sessionEvents.ts';
import { liveSessions } from '../../platform/auth/subject.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { LiveState } from '../../telemetry/ingest/liveState.ts';
import { liveInScope, matchesQuery, toMapDrone } from './liveQuery.ts';
import type { ZfMonitored } from './zfMonitor.ts';

interface Client {
  socket: WebSocket;
  sessionId: string;
  userId: number;
  scope: DataScope;
  query: MonitorQuery | null;
  offline: boolean;
  sent: Map<string, number>;
}

export const PUSH_INTERVAL_MS = 1000;
/** Close code of a socket whose sign-in ended (application range 4000-4999, like HTTP 401). */
export const SESSION_ENDED_CLOSE = 4401;

/** What changed for one client since its last push (pure apart from updating client.sent). */
export function diffFor(
  client: Pick<Client, 'scope' | 'query' | 'offline' | 'sent'>,
  live: LiveState,
  now: number,
  zf: ZfMonitored,
): MonitorPush {
  const changed: MapDrone[] = [];
  const removed: string[] = [];
  let onlineCount = 0;
  const seen = new Set<string>();
  const q = client.query ?? {};
  for (const d of live.values()) {
    if (!liveInScope(client.scope, d, zf)) continue;
    const online = live.online(d, now);
    if (online) onlineCount++;
    if (!matchesQuery(q, d) || (!online && !client.offline)) continue;
    seen.add(d.meta.droneId);
    if (client.sent.get(d.meta.droneId) === d.seq) continue;
    client.sent.set(d.meta.droneId, d.seq);
    changed.push(toMapDrone(d, online));
  }
  for (const id of client.sent.keys())
    if (!seen.has(id)) {
      client.sent.delete(id);
      removed.push(id);
    }
  return { type: 'drones', drones: mapDronesOf(changed), removed, online: onlineCount };
}

/** Whether the upgrade's Origin (when it has one) names the host the request was sent to. */
export function sameOrigin(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  try {
    const o = new URL(origin);
    if (o.protocol !== 'http:' && o.protocol !== 'https:') return false;
    // The request's host read with the page's scheme, so both drop that scheme's default port.
    return (
      !!host &&
      new URL(`${o.protocol}//${host}`).host === o.host &&
      o.origin === origin.toLowerCase().replace(/\/$/, '')
    );
  } catch {
    return false;
  }
}

export async function monitorSocket(
  app: FastifyInstance,
  {
    live,
    db,
    sessions,
    zf,
    metrics,
  }: { live: LiveState; db: Db; sessions: SessionEvents; zf: ZfMonitored; metrics: Metrics },
) {
  const clients = new Set<Client>();
  const unmeasure = metrics.monitorSockets.from(() => clients.size);
  const end = (c: Client) => {
    clients.delete(c);
    c.socket.close(SESSION_ENDED_CLOSE, 'session ended');
  };
  const stopListening = sessions.onEnded((e) => {
    for (const c of clients) if (isEnded(e, c)) end(c);
  });

  /** Closes the sockets whose session no longer holds; a database error leaves them (none can end then). */
  async function dropEnded() {
    const checked = [...clients];
    const valid = await liveSessions(db, [...new Set(checked.map((c) => c.sessionId))]).catch(() => null);
    if (valid) for (const c of checked) if (!valid.has(c.sessionId) && clients.has(c)) end(c);
  }

  async function tick() {
    await dropEnded();
    const now = Date.now();
    for (const c of clients) {
      if (!c.query || c.socket.readyState !== c.socket.OPEN) continue;
      // A client that cannot keep up is skipped until its buffer drains (throttling, not queueing).
      if (c.socket.bufferedAmount > 4 * 1024 * 1024) continue;
      const push = diffFor(c, live, now, zf);
      if (push.drones.droneId.length || push.removed.length) c.socket.send(JSON.stringify(push));
    }
  }

  let ticking = false;
  const timer = setInterval(() => {
    if (ticking || !clients.size) return;
    ticking = true;
    void tick().finally(() => {
      ticking = false;
    });
  }, PUSH_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopListening();
    unmeasure();
    for (const c of clients) c.socket.close(1001, 'server stopping');
  });

  app.get(
    `${MONITOR_BASE}/socket`,
    {
      websocket: true,
      config: { access: { screens: ['MonitorView'] } },
      schema: { hide: true },
      // After the sign-in guard (401 first), before the upgrade.
      preHandler: async (req: FastifyRequest) => {
        if (!sameOrigin(req.headers.origin, req.host)) throw errors.forbidden();
      },
    },
    (socket, req) => {
      const caller = callerOf(req);
      const client: Client = {
        socket,
        sessionId: caller.sessionId,
        userId: caller.user.id,
        scope: scopeOf(caller),
        query: null,
        offline: false,
        sent: new Map(),
      };
      clients.add(client);
      socket.on('message', (raw) => {
        try {
          const msg = JSON.parse(String(raw));
          if (msg?.type !== 'subscribe') return;
          const parsed = monitorQuery.safeParse(msg.query ?? {});
          if (!parsed.success) return;
          client.query = parsed.data;
          client.offline = msg.offline === true;
          if (!clients.has(client)) return;
          // The new view at once: drones now in it, and those that left it.
          socket.send(JSON.stringify(diffFor(client, live, Date.now(), zf)));
        } catch {
          // not JSON: ignored
        }
      });
      socket.on('close', () => clients.delete(client));
    },
  );
}
