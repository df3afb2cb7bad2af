/** Which live drones a caller sees on the map: scope, map range and the monitor filters. Pure. */
import type { MapDrone, MonitorQuery } from '@agrifleet/domain';
import { type DataScope, regionRange } from '../../platform/auth/scope.ts';
import type { LiveDrone } from '../../telemetry/ingest/liveState.ts';
import type { ZfMonitored } from './zfMonitor.ts';

const inRange = (v: number | null | undefined, [lo, hi]: [number, number]) => v != null && v >= lo && v <= hi;

/**
 * In scope: owners; for a government, where the drone is now or where it is registered, or a drone
 * of its running unified task with monitoring on (`zf`: the app's zfMonitor).
 */
export function liveInScope(scope: DataScope, d: LiveDrone, zf: ZfMonitored): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'zz':
      return d.meta.zz === scope.accountId;
    case 'yy':
      return d.meta.yy === scope.accountId;
    case 'region': {
      const r = regionRange(scope.code);
      return inRange(d.region[scope.level], r) || inRange(d.meta.regionCode, r) || zf(scope, d.meta.droneId);
    }
  }
}

export function matchesQuery(q: MonitorQuery, d: LiveDrone): boolean {
  const p = d.point;
  if (q.minLng !== undefined && p.lng < q.minLng) return false;
  if (q.maxLng !== undefined && p.lng > q.maxLng) return false;
  if (q.minLat !== undefined && p.lat < q.minLat) return false;
  if (q.maxLat !== undefined && p.lat > q.maxLat) return false;
  if (q.zzAccountId !== undefined && d.meta.zz !== q.zzAccountId) return false;
  if (q.yyAccountId !== undefined && d.meta.yy !== q.yyAccountId) return false;
  if (q.deviceType !== undefined && d.meta.deviceType !== q.deviceType) return false;
  if (q.flyModelId !== undefined && d.meta.modelId !== q.flyModelId) return false;
  if (q.region !== undefined) {
    const r = regionRange(q.region);
    const here = d.region;
    if (![here.country, here.province, here.city, here.county, d.meta.regionCode].some((c) => inRange(c, r)))
      return false;
  }
  return true;
}

export function toMapDrone(d: LiveDrone, online: boolean): MapDrone {
  const p = d.point;
  return {
    droneId: d.meta.droneId,
    droneName: d.meta.droneName,
    modelName: d.meta.modelName,
    lng: p.lng,
    lat: p.lat,
    height: p.height,
    speed: p.speed,
    heading: p.heading,
    battery: p.battery,
    spraying: online && p.pump,
    airborne: online && d.airborne,
    online,
    recordTime: p.recordTime,
  };
}
