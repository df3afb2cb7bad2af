/**
 * One live picture across the cluster (issue 24 #3): an owner sends the other processes the newest
 * position of each drone it took in the last CLUSTER_LIVE_MS on `agrifleet.live.<node>`
 * (liveCodec.ts), and puts theirs, heard on `agrifleet.live.*`, in its own live state, so a monitor
 * opened on any process shows every drone.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { Subscription } from 'nats';
import type { Logger } from 'pino';
import { type ClusterBus, LIVE_SUBJECTS, liveSubject } from '../../platform/cluster/nats.ts';
import type { DroneDirectory } from '../ingest/droneDirectory.ts';
import type { LiveState } from '../ingest/liveState.ts';
import { decodeLive, encodeLive, LIVE_RECORD_MAX, type LivePosition } from './liveCodec.ts';

/** Most bytes in one message of live positions (NATS refuses more than its max_payload). */
export const LIVE_MAX_BYTES = 256 * 1024;

export function createLivePicture(o: {
  bus: ClusterBus;
  nodeId: string;
  liveMs: number;
  directory: DroneDirectory;
  live: LiveState;
  /** Whether this process owns the drone now (its own positions it shows itself). */
  owns: (droneId: string) => boolean;
  logger?: Logger;
}) {
  const { bus } = o;
  const mine = liveSubject(o.nodeId);
  const counters = { liveIn: 0, liveOut: 0 };
  /** Positions taken since the last flush, the newest per drone. */
  let batch = new Map<string, LivePosition>();
  let timer: NodeJS.Timeout | null = null;
  let sub: Subscription | null = null;

  function flush() {
    timer = null;
    if (!batch.size) return;
    const all = [...batch.values()];
    batch = new Map();
    counters.liveOut += all.length;
    // In messages under the server's max_payload (1 MiB by default): a busy owner's positions
    // exceed it, and publish throws (from this timer: it stopped the process).
    const limit = Math.min(LIVE_MAX_BYTES, bus.nc.info?.max_payload ?? LIVE_MAX_BYTES);
    const per = Math.max(1, Math.floor((limit - 1) / LIVE_RECORD_MAX));
    for (let from = 0; from < all.length; from += per) {
      try {
        bus.nc.publish(mine, encodeLive(all.slice(from, from + per)));
      } catch (err) {
        o.logger?.warn({ err: (err as Error).message }, 'cluster: live update not sent');
      }
    }
  }

  async function apply(data: Uint8Array) {
    const heard: LivePosition[] = [];
    decodeLive(data, (e) => heard.push(e));
    // Drones not cached yet (new to this process) are read in one query for the batch, not one each.
    const unknown = heard.map((e) => e.droneId).filter((id) => o.directory.peek(id) === undefined);
    if (unknown.length) await o.directory.preload([...new Set(unknown)]);
    const now = Date.now();
    for (const { droneId, point, airborne, sortieStart } of heard) {
      // A drone this process owns is its own to show (a late message of the previous owner).
      if (o.owns(droneId)) continue;
      const meta = o.directory.peek(droneId);
      if (!meta) continue;
      o.live.update(meta, point, airborne, sortieStart, now);
      counters.liveIn++;
    }
  }

  return {
    stats: () => ({ ...counters }),
    /** A position this process (the owner) took. */
    push(droneId: string, point: TelemetryPoint, airborne: boolean, sortieStart: number | null) {
      batch.set(droneId, { droneId, point, airborne, sortieStart });
      if (!timer) {
        timer = setTimeout(flush, o.liveMs);
        timer.unref();
      }
    },
    start() {
      sub = bus.nc.subscribe(LIVE_SUBJECTS, {
        callback: (err, m) => {
          // Its own positions this process has already shown.
          if (err || m.subject === mine) return;
          void apply(m.data).catch((e) => o.logger?.warn({ err: e }, 'cluster: live update'));
        },
      });
    },
    /** Sends what is gathered and stops hearing the others. */
    stop() {
      if (timer) clearTimeout(timer);
      flush();
      sub?.unsubscribe();
    },
  };
}
