/** The live monitor: map drones from the in-memory state, statInfo, a drone's panel and live track. */
import {
  type DroneDetail,
  MAP_STATE,
  type MapDrones,
  type MonitorQuery,
  round,
  type StatInfo,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { LiveState } from '../../telemetry/ingest/liveState.ts';
import type { SortiesRepo } from '../sorties/sorties.repo.ts';
import { todayStartIn } from '../stats/calendar.ts';
import type { StatsService } from '../stats/stats.service.ts';
import { liveInScope, matchesQuery, toMapDrone } from './liveQuery.ts';
import type { ZfMonitored } from './zfMonitor.ts';

export function createMonitorService(deps: {
  live: LiveState;
  /** The statistics' time zone: "today" of the drone panel is its day, as everywhere else. */
  timeZone: string;
  sorties: SortiesRepo;
  stats: Pick<StatsService, 'allTime'>;
  /** The government-monitoring test of unified tasks (zfMonitor.ts). */
  zf: ZfMonitored;
  now?: () => number;
}) {
  const { live, sorties, stats } = deps;
  const now = deps.now ?? Date.now;

  function select(scope: DataScope, q: MonitorQuery, online: boolean): MapDrones {
    const t = now();
    const out: MapDrones = { droneId: [], lng: [], lat: [], heading: [], state: [], time: [] };
    for (const d of live.values()) {
      if (live.online(d, t) !== online) continue;
      if (!matchesQuery(q, d) || !liveInScope(scope, d, deps.zf)) continue;
      const p = d.point;
      out.droneId.push(d.meta.droneId);
      out.lng.push(Math.round(p.lng * 1e6) / 1e6);
      out.lat.push(Math.round(p.lat * 1e6) / 1e6);
      out.heading.push(Math.round(p.heading));
      out.state.push(
        online
          ? MAP_STATE.online | (d.airborne ? MAP_STATE.airborne : 0) | (p.pump ? MAP_STATE.spraying : 0)
          : 0,
      );
    }
    return out;
  }

  return {
    online: (scope: DataScope, q: MonitorQuery) => select(scope, q, true),
    offline: (scope: DataScope, q: MonitorQuery) => select(scope, q, false),

    onlineCount(scope: DataScope, q: MonitorQuery): number {
      const t = now();
      let n = 0;
      for (const d of live.values())
        if (live.online(d, t) && matchesQuery(q, d) && liveInScope(scope, d, deps.zf)) n++;
      return n;
    },

    async statInfo(scope: DataScope, q: MonitorQuery): Promise<StatInfo> {
      const noRange = { ...q, minLng: undefined, maxLng: undefined, minLat: undefined, maxLat: undefined };
      // Every figure follows the filters: the rollups of the scope where one key answers, else stat_daily.
      const filters = {
        region: q.region,
        zzAccountId: q.zzAccountId,
        yyAccountId: q.yyAccountId,
        deviceType: q.deviceType,
        flyModelId: q.flyModelId,
      };
      const [droneNum, { totals, plots }] = await Promise.all([
        sorties.droneCount(scope, q),
        stats.allTime(scope, filters),
      ]);
      return {
        droneNum,
        onlineDroneCount: this.onlineCount(scope, noRange),
        plotTotalArea: plots.area,
        ploTotalNum: plots.n,
        flyTotalDuration: round(totals.duration, 3),
        flyTotalQuantity: round(totals.volume, 3),
        sprayTotalMuNum: totals.area,
        flySeqTotalNum: totals.sorties,
      };
    },

    /** The drone's panel, or null when it is not in scope or never reported. */
    async droneDetail(scope: DataScope, droneId: string): Promise<DroneDetail | null> {
      const d = live.get(droneId);
      if (!d || !liveInScope(scope, d, deps.zf)) return null;
      const t = now();
      const online = live.online(d, t);
      const [names, today] = await Promise.all([
        sorties.names(droneId, d.point.pilotId ?? null),
        // Today's work as the history shows it: a government counts the sorties in its region only.
        sorties.stat(scope, { droneId, startTime: todayStartIn(t, deps.timeZone), simulated: false }),
      ]);
      return {
        ...toMapDrone(d, online),
        zzAccountName: names.zz,
        yyAccountName: names.yy,
        pilotId: d.point.pilotId ?? null,
        pilotName: names.pilot,
        flow: online ? d.point.flow : 0,
        tank: d.point.tank,
        mode: online ? d.point.mode : null,
        sortieStart: online && d.airborne ? d.sortieStart : null,
        today: {
          sprayArea: today.area,
          flightCount: today.n,
          flightTime: today.time,
          sprayQuantity: today.volume,
        },
      };
    },

    /** Points of the drone's sortie in the air (empty when it is on the ground). */
    async liveTrack(scope: DataScope, droneId: string) {
      const d = live.get(droneId);
      if (!d || !liveInScope(scope, d, deps.zf)) return null;
      const start = d.airborne && live.online(d, now()) ? d.sortieStart : null;
      return {
        droneId,
        sortieStart: start,
        points: start === null ? [] : await sorties.openTrack(droneId, start),
      };
    },
  };
}
export type MonitorService = ReturnType<typeof createMonitorService>;
