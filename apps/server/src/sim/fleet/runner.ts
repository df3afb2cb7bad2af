/**
 * Flies a simulated fleet in real time: every tick, each drone's points due by now are sent
 * through its sender. A slow or failed send is logged and the next tick goes on (the drones keep
 * flying; what the server refused is not resent, as a real drone's buffer would be bounded). Each
 * group's ground-station app keeps its configuration current (groundStation.ts).
 */
import type { LiveDrone } from '../flight/index.ts';
import { appLogWriter } from './appLogs.ts';
import type { CommandLink } from './commands.ts';
import { fieldPicture } from './fieldPicture.ts';
import { type LogKey, type SignedLog, sortieLogger } from './flightLogs.ts';
import { GS_CHECK_MS, groundStationApp, groundStationId } from './groundStation.ts';
import type { Sender } from './senders.ts';

/** About one working picture per sortie (sorties last a few minutes). */
export const PICTURE_GAP_MS = 4 * 60_000;

export interface FleetRun {
  stop(): Promise<void>;
  stats(): { ticks: number; points: number; failures: number; lastError: string | null };
}

export function runFleet(
  /** `commands`: the group's command subscription (commands.ts), closed with the fleet. */
  /** `logKeys`: the drones that sign their flight logs (flightLogs.ts), uploaded after each sortie. */
  groups: Array<{
    drones: LiveDrone[];
    sender: Sender;
    commands?: CommandLink;
    logKeys?: ReadonlyMap<string, LogKey>;
  }>,
  /** `gsCheckMs`: how often each group's ground-station app checks its configuration (groundStation.ts). */
  opts: { tickMs?: number; gsCheckMs?: number; onError?: (err: Error) => void } = {},
): FleetRun {
  const tickMs = opts.tickMs ?? 1000;
  const s = { ticks: 0, points: 0, failures: 0, lastError: null as string | null };
  let busy = false;
  // A drone that starts spraying takes a working picture (where the sender can carry one); the
  // pump also stops at every turn, so at most one picture per drone every PICTURE_GAP_MS.
  const spraying = new Map<string, boolean>();
  const lastPicture = new Map<string, number>();
  // A drone's first batch carries the sortie it is flying from take-off (LiveDrone.join).
  const joined = new Set<LiveDrone>();
  const firstOrNext = (d: LiveDrone, now: number) => {
    if (joined.has(d)) return d.pointsUntil(now);
    joined.add(d);
    return d.join(now);
  };
  const loggers = new Map(
    groups.map((g) => [g, g.logKeys && g.sender.flightLog ? sortieLogger(g.logKeys) : null]),
  );
  // Each group's ground-station app logs what it sees (where the sender can carry app logs).
  const writers = new Map(groups.map((g) => [g, appLogWriter()]));
  let stopped = false;
  // Each group's ground-station app (where the sender can carry its calls) fetches its account's
  // configuration at start and every gsCheckMs, and reports the version its ground stations run.
  const apps = groups.flatMap((g) =>
    g.sender.groundStation
      ? [
          groundStationApp(
            g.sender.groundStation,
            g.drones.map((d) => groundStationId(d.droneId)),
          ),
        ]
      : [],
  );
  let checking = false;
  const checkConfigs = async () => {
    if (checking || stopped) return;
    checking = true;
    await Promise.all(
      apps.map((a) =>
        a.check().catch((err: Error) => {
          if (stopped) return;
          s.failures++;
          s.lastError = err.message;
          opts.onError?.(err);
        }),
      ),
    );
    checking = false;
  };
  void checkConfigs();
  const gsTimer = apps.length ? setInterval(checkConfigs, opts.gsCheckMs ?? GS_CHECK_MS) : null;
  const timer = setInterval(async () => {
    if (busy || stopped) return;
    busy = true;
    const now = Date.now();
    try {
      await Promise.all(
        groups.map(async (group) => {
          const { drones, sender } = group;
          const batch = drones
            .map((d) => ({ droneId: d.droneId, points: firstOrNext(d, now) }))
            .filter((b) => b.points.length > 0);
          try {
            await sender.send(batch);
            for (const b of batch) s.points += b.points.length;
            if (sender.picture)
              for (const b of batch) {
                const start = b.points.find((p) => p.pump);
                const was = spraying.get(b.droneId) ?? false;
                spraying.set(b.droneId, b.points.at(-1)?.pump ?? was);
                if (start && !was && start.recordTime - (lastPicture.get(b.droneId) ?? 0) >= PICTURE_GAP_MS) {
                  lastPicture.set(b.droneId, start.recordTime);
                  await sender.picture(b.droneId, start, fieldPicture(`${b.droneId}/${start.recordTime}`));
                }
              }
            const logs = sender.appLogs ? (writers.get(group)?.entries(batch) ?? []) : [];
            if (logs.length) await sender.appLogs?.(logs);
            const logger = loggers.get(group);
            if (logger) {
              const done: SignedLog[] = [];
              for (const b of batch) done.push(...logger.add(b.droneId, b.points));
              done.push(...logger.flush(now));
              for (const l of done)
                await sender.flightLog?.(l.droneId, l.text).catch((err: Error) => {
                  s.failures++;
                  s.lastError = err.message;
                  opts.onError?.(err);
                });
            }
          } catch (err) {
            if (stopped) return; // a send the console's stop cut short
            s.failures++;
            s.lastError = (err as Error).message;
            opts.onError?.(err as Error);
          }
        }),
      );
      s.ticks++;
    } finally {
      busy = false;
    }
  }, tickMs);
  return {
    stats: () => ({ ...s }),
    /** Stops flying and closes the connections; a send in flight is not waited for (its errors are not reported). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (gsTimer) clearInterval(gsTimer);
      await Promise.all(groups.map((g) => g.sender.close()));
      await Promise.all(groups.map((g) => g.commands?.close()));
    },
  };
}
