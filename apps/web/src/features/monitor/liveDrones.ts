/**
 * The drones on the monitor map, live: one WebSocket (the server pushes what changed in the
 * subscribed view once a second); the hook re-renders at most once a second however many drones
 * move. If the socket cannot connect it falls back to polling the online/offline calls.
 */
import { type MapDrones, type MonitorPush, type MonitorQuery, mapDroneRows } from '@agrifleet/domain';
import { useEffect, useRef, useState } from 'react';
import { session } from '../../app/session.ts';
import { monitorApi } from './api.ts';

export type LiveDrone = ReturnType<typeof mapDroneRows>[number];

/** Applies a push to the drones map (pure, unit-tested). */
export function applyPush(
  drones: Map<string, LiveDrone>,
  push: Pick<MonitorPush, 'drones' | 'removed'>,
): Map<string, LiveDrone> {
  const next = new Map(drones);
  for (const id of push.removed) next.delete(id);
  for (const d of mapDroneRows(push.drones)) next.set(d.droneId, d);
  return next;
}

const rowsOf = (...parts: MapDrones[]) => new Map(parts.flatMap(mapDroneRows).map((d) => [d.droneId, d]));

const socketUrl = (token: string) => {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/drone/mointor/manage/socket?access_token=${encodeURIComponent(token)}`;
};

export function useLiveDrones(query: MonitorQuery | null, offline: boolean) {
  const [drones, setDrones] = useState<Map<string, LiveDrone>>(() => new Map());
  const [online, setOnline] = useState(0);
  const socket = useRef<WebSocket | null>(null);
  const subscribe = useRef<() => void>(() => undefined);

  // The connection: opened once, reopened after a drop, polling while it is down.
  useEffect(() => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    let pending: MonitorPush[] = [];
    const flush = setInterval(() => {
      if (!pending.length) return;
      const batch = pending;
      pending = [];
      setDrones((prev) => batch.reduce(applyPush, prev));
      setOnline(batch.at(-1)?.online ?? 0);
    }, 1000);

    const open = () => {
      const token = session.token();
      if (!token || closed) return;
      const ws = new WebSocket(socketUrl(token));
      socket.current = ws;
      ws.onopen = () => {
        if (poll) clearInterval(poll);
        poll = undefined;
        subscribe.current();
      };
      ws.onmessage = (e) => {
        const push = JSON.parse(String(e.data)) as MonitorPush;
        if (push.type === 'drones') pending.push(push);
      };
      ws.onclose = () => {
        socket.current = null;
        if (closed) return;
        poll ??= setInterval(() => subscribe.current(), 5000);
        retry = setTimeout(open, 3000);
      };
    };
    open();
    return () => {
      closed = true;
      clearInterval(flush);
      if (poll) clearInterval(poll);
      clearTimeout(retry);
      socket.current?.close();
    };
  }, []);

  // The view: sent on every change of range or filters (the page debounces map moves).
  useEffect(() => {
    subscribe.current = () => {
      if (!query) return;
      const ws = socket.current;
      if (ws?.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify({ type: 'subscribe', query, offline }));
        return;
      }
      // Socket down: ask the calls instead.
      void Promise.all([monitorApi.online(query), offline ? monitorApi.offline(query) : null])
        .then(([on, off]) => {
          setDrones(off ? rowsOf(on, off) : rowsOf(on));
          setOnline(on.droneId.length);
        })
        .catch(() => undefined);
    };
    subscribe.current();
  }, [query, offline]);

  return { drones, online };
}
