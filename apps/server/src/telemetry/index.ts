/**
 * The telemetry service: one per server process. Transports call `ingest`; the monitor reads
 * `live`. start() recovers what was stored before a stop or crash and starts the tick.
 */
import type { Logger } from 'pino';
import type { ClusterConfig } from '../config.ts';
import type { RegionAt } from '../modules/regions/geo/codes.ts';
import type { ClusterBus } from '../platform/cluster/nats.ts';
import type { Db } from '../platform/db.ts';
import type { Leader } from '../platform/leader.ts';
import type { Notifier } from '../platform/notify.ts';
import { createAnomalyStream } from './anomalies/stream.ts';
import { type ClusterIngest, createClusterIngest } from './cluster/clusterIngest.ts';
import { createDroneDirectory } from './ingest/droneDirectory.ts';
import { LiveState } from './ingest/liveState.ts';
import { createIngest, type PointObserver } from './ingest/pipeline.ts';
import { recover, restorePositions } from './ingest/recovery.ts';
import { sortieRow } from './ingest/sortieRow.ts';
import type { TimeWindow } from './ingest/validate.ts';
import { createWriter, type SortieHook, type WriterOptions } from './ingest/writer.ts';
import {
  addToRollups,
  DEFAULT_ROLLUP_SETTINGS,
  pruneGrains,
  type RollupSettings,
  removeFromRollups,
} from './rollups/index.ts';

export interface TelemetryOptions {
  db: Db;
  locate: (lng: number, lat: number) => RegionAt;
  logger?: Logger;
  onlineWindowMs?: number;
  writer?: Pick<WriterOptions, 'flushMs' | 'maxPoints' | 'positionsMs'>;
  observers?: PointObserver[];
  afterSortie?: SortieHook;
  /** Accepted recordTimes around the server's clock (default 30 days back, 10 minutes ahead). */
  window?: TimeWindow;
  /** Time zone and day-grain window of the statistics rollups. */
  rollups?: RollupSettings;
  /** Change notices between server processes (no-fly zone edits reach the detector through it). */
  notifier?: Notifier;
  /** Runs the pruning of rollup grains once per cluster (platform/leader.ts); none: this process prunes. */
  leader?: Pick<Leader, 'run'>;
  /** Cluster mode (issue 24): drone-affine ingest over the bus; absent for the single process. */
  cluster?: { config: ClusterConfig; bus: ClusterBus; databaseUrl: string; onOwned?: (n: number) => void };
}

export function createTelemetry(o: TelemetryOptions) {
  const directory = createDroneDirectory(o.db, o.notifier);
  const live = new LiveState(o.locate, o.onlineWindowMs);
  const anomalies = createAnomalyStream({
    db: o.db,
    locate: o.locate,
    logger: o.logger,
    notifier: o.notifier,
  });
  let ingest: ReturnType<typeof createIngest> | null = null;
  /** Hooks modules add after the service is built (leasing bills sorties here). */
  const sortieHooks: SortieHook[] = [];
  const writer = createWriter(o.db, {
    ...o.writer,
    logger: o.logger,
    onCommitted: (chunks) => ingest?.committed(chunks),
    onFailed: (chunks) => ingest?.failed(chunks),
    afterSortie: async (trx, sortie, points) => {
      await anomalies.afterSortie(trx, sortie, points);
      await o.afterSortie?.(trx, sortie, points);
      for (const hook of sortieHooks) await hook(trx, sortie, points);
    },
    afterSorties: (trx, ids) => addToRollups(trx, { ids }, o.rollups ?? DEFAULT_ROLLUP_SETTINGS),
    afterPoints: anomalies.afterPoints,
    retractSorties: (trx, ids) => removeFromRollups(trx, ids, o.rollups ?? DEFAULT_ROLLUP_SETTINGS),
    // The drone as cached, or loaded again: a registry notice (a lease, an edit, a reconnect) may
    // have dropped it between its last point and this flush, and its sortie must not be lost.
    buildSortie: async (job, points) => {
      const meta = directory.peek(job.droneId) ?? (await directory.get(job.droneId));
      return meta ? sortieRow(meta, { points, reason: job.reason }, o.locate) : null;
    },
  });
  ingest = createIngest({
    directory,
    live,
    writer,
    locate: o.locate,
    logger: o.logger,
    window: o.window,
    // The no-fly detector sees every committed point, whatever the transport (issue 9 #1).
    observers: [anomalies.observer, ...(o.observers ?? [])],
  });
  const service = ingest;
  /** A drone's newest stored point as its tracker knows it (after recovery), else its last position's. */
  const lastStored = (droneId: string) => {
    const t = service.drones.get(droneId)?.committedUntil;
    return t !== undefined && Number.isFinite(t) ? t : live.get(droneId)?.point.recordTime;
  };
  const cluster: ClusterIngest | null = o.cluster
    ? createClusterIngest({
        ...o.cluster,
        db: o.db,
        ingest: service,
        writer,
        directory,
        live,
        logger: o.logger,
        forget: (which) => anomalies.forget(which),
        adopt: (which) => anomalies.adopt(which, lastStored),
      })
    : null;
  let timer: NodeJS.Timeout | null = null;
  let pruner: NodeJS.Timeout | null = null;
  // The leader's (two at once during a hand-over delete the same old grain rows, once); the tick
  // below is every process's own (it closes this process's trackers).
  const pruneNow = () =>
    pruneGrains(o.db, o.rollups ?? DEFAULT_ROLLUP_SETTINGS).catch((err) =>
      o.logger?.error({ err }, 'pruning rollup grains failed'),
    );
  const prune = () => (o.leader ? o.leader.run('rollup grain pruning', pruneNow) : pruneNow());

  return {
    ingest: service,
    live,
    writer,
    directory,
    /**
     * Runs `hook` in the transaction that stores each new sortie (a replayed or retried sortie that
     * is already stored runs no hook): what it writes commits with the sortie or not at all. A
     * sortie closed by silence and replaced by its reopened whole runs it again with `replaced`.
     */
    addSortieHook(hook: SortieHook) {
      sortieHooks.push(hook);
    },
    cluster,
    async start() {
      await anomalies.start();
      if (cluster) {
        // The map of every drone; the trackers come with the partitions this process takes.
        await restorePositions(o.db, directory, live);
        await cluster.start();
      } else {
        const r = await recover(o.db, directory, service, live);
        if (r.points) o.logger?.info(r, 'telemetry recovered from stored chunks');
        // Incursions open when the console stopped end where the drone leaves, as if it had not.
        await anomalies.adopt(() => true, lastStored);
      }
      timer = setInterval(() => service.tick(), 1000);
      timer.unref();
      // Rollup grain rows older than their window: once at start, then hourly.
      void prune();
      pruner = setInterval(prune, 3_600_000);
      pruner.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (pruner) clearInterval(pruner);
      await cluster?.stop();
      anomalies.stop();
      await writer.close();
    },
  };
}
export type Telemetry = ReturnType<typeof createTelemetry>;
