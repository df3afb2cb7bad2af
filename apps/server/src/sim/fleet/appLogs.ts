/**
 * What a simulated ground-station app logs (modules/applogs; POST /api/oper/appLog/batch): a line
 * when a drone starts spraying, and a warning when its battery falls below 30% (once per sortie: the
 * battery climbs back after a landing). At most one spraying line per drone every two minutes, so
 * the demo's app log fills as a real one would, a few lines per sortie.
 */
import type { AppLogEntry, TelemetryPoint } from '@agrifleet/domain';

export const APP_VERSION = '3.2.1-sim';
const SPRAY_GAP_MS = 2 * 60_000;
const LOW_BATTERY = 30;

export function appLogWriter() {
  const pumping = new Map<string, boolean>();
  const lastSpray = new Map<string, number>();
  const warnedLow = new Map<string, boolean>();
  return {
    /** The entries the app writes for this tick's points. */
    entries(batch: ReadonlyArray<{ droneId: string; points: readonly TelemetryPoint[] }>): AppLogEntry[] {
      const out: AppLogEntry[] = [];
      for (const { droneId, points } of batch)
        for (const p of points) {
          const was = pumping.get(droneId) ?? false;
          pumping.set(droneId, p.pump);
          if (p.pump && !was && p.recordTime - (lastSpray.get(droneId) ?? 0) >= SPRAY_GAP_MS) {
            lastSpray.set(droneId, p.recordTime);
            out.push({
              type: 'flight',
              level: 'info',
              time: p.recordTime,
              appVersion: APP_VERSION,
              droneId,
              message: `开始喷洒 spraying started: flow ${p.flow} L/min, height ${p.height} m, battery ${p.battery}%`,
            });
          }
          const battery = p.battery;
          if (battery >= LOW_BATTERY + 10) warnedLow.set(droneId, false);
          else if (battery < LOW_BATTERY && !warnedLow.get(droneId)) {
            warnedLow.set(droneId, true);
            out.push({
              type: 'device',
              level: 'warn',
              time: p.recordTime,
              appVersion: APP_VERSION,
              droneId,
              message: `电池电量低 battery low: ${battery}%, plan the return`,
            });
          }
        }
      return out;
    },
  };
}
