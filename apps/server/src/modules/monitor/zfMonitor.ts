/**
 * Government monitoring of unified tasks (issue 22 #2, zfMonitor). A task with `zf_monitor` on adds
 * its enrolled drones, while the task runs and the enrolment's dates hold, to the live monitor of
 * the task's government account (`unified_tasks.account_id`) wherever they fly, and their anomalies
 * reach that government (monitor alerts, anomaly bulletins). Off adds nothing: the region rule of
 * platform/auth/scope.ts alone applies.
 *
 * `monitored` (of the app's createZfMonitor) is THE test for the live state (monitor map, socket,
 * drone panel): an in-memory index of government -> drone -> periods, one per app, reloaded on a change notice (ZF_CHANNELS: the unified-task
 * module notifies in the transaction that writes a task or an enrolment) and every minute. Anomaly
 * reads use `anomalyScopeCondition`, the same rule in SQL (exact, no cache), once the tables exist.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Logger } from 'pino';
import { type DataScope, type ScopedColumns, scopeCondition } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import type { Notifier } from '../../platform/notify.ts';

/** Channels whose notices reload the index (task and enrolment writes). */
export const ZF_CHANNELS = ['unified_tasks', 'task_drones'] as const;
const REFRESH_MS = 60_000;

/** Government account id -> drone id -> periods [from, to) in ms. */
type ZfIndex = Map<number, Map<string, Array<[number, number]>>>;

/** Whether a government's scope takes the drone now through a monitored task it runs. */
export type ZfMonitored = (scope: DataScope, droneId: string, now?: number) => boolean;

/**
 * Anomaly rows (`cols`, plus the row's drone and time columns) in scope: the scope's own rule, and
 * for a government the anomalies its monitored tasks' drones raised within task and enrolment.
 */
export function anomalyScopeCondition(
  scope: DataScope,
  cols: ScopedColumns & { drone: string; time: string },
): Expression<SqlBool> {
  const own = scopeCondition(scope, cols);
  if (scope.kind !== 'region' || scope.accountId === undefined) return own;
  const drone = sql.ref(cols.drone);
  const time = sql.ref(cols.time);
  return sql<SqlBool>`(${own} OR EXISTS (
    SELECT 1 FROM task_drones zd JOIN unified_tasks zt ON zt.tftz_id = zd.tftz_id
     WHERE zd.drone_id = ${drone} AND zt.account_id = ${scope.accountId} AND zt.zf_monitor
       AND ${time} >= greatest(zt.start_at, zd.start_at)
       AND ${time} < least(zt.end_at, coalesce(zt.closed_at, 'infinity'::timestamptz), zd.end_at)))`;
}

interface Row {
  account_id: number;
  drone_id: string;
  from_at: Date;
  to_at: Date;
}

/** Loads the index (enrolments of monitored tasks not over yet) and keeps it fresh. */
export function createZfMonitor(deps: { db: Db; notifier?: Notifier; logger?: Logger }) {
  let timer: NodeJS.Timeout | null = null;
  const unlisten: Array<() => void> = [];
  let loading: Promise<void> | null = null;
  let again = false;
  let current: ZfIndex = new Map();

  const monitored: ZfMonitored = (scope, droneId, now = Date.now()) => {
    if (scope.kind !== 'region' || scope.accountId === undefined) return false;
    const periods = current.get(scope.accountId)?.get(droneId);
    return periods?.some(([from, to]) => now >= from && now < to) ?? false;
  };

  async function load() {
    const { rows } = await sql<Row>`
      SELECT t.account_id, d.drone_id, greatest(t.start_at, d.start_at) AS from_at,
             least(t.end_at, coalesce(t.closed_at, 'infinity'::timestamptz), d.end_at) AS to_at
        FROM unified_tasks t JOIN task_drones d ON d.tftz_id = t.tftz_id
       WHERE t.zf_monitor AND t.account_id IS NOT NULL
         AND least(t.end_at, coalesce(t.closed_at, 'infinity'::timestamptz), d.end_at) > now()`.execute(
      deps.db,
    );
    const next: ZfIndex = new Map();
    for (const r of rows) {
      let byDrone = next.get(Number(r.account_id));
      if (!byDrone) {
        byDrone = new Map();
        next.set(Number(r.account_id), byDrone);
      }
      const periods = byDrone.get(r.drone_id) ?? [];
      periods.push([new Date(r.from_at).getTime(), new Date(r.to_at).getTime()]);
      byDrone.set(r.drone_id, periods);
    }
    current = next;
  }

  /** Reloads now, or once more after the reload under way. */
  function refresh(): Promise<void> {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        await load().catch((err) => deps.logger?.warn({ err }, 'zfMonitor index not reloaded'));
      } while (again);
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  return {
    monitored,
    refresh,
    async start() {
      for (const ch of ZF_CHANNELS) {
        const off = deps.notifier?.on(ch, () => void refresh());
        if (off) unlisten.push(off);
      }
      await refresh();
      timer = setInterval(() => void refresh(), REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      for (const off of unlisten.splice(0)) off();
    },
  };
}
