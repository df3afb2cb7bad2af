/**
 * What one sortie sprayed: the area under the union of its swaths (overlapping passes counted
 * once), the distance flown with the pump on, and the volume pumped.
 *
 * The track between two consecutive samples that both have the pump on is a spraying segment,
 * unless they are more than `maxGapMs` or `maxGapMetres` apart (a lost link, a jump): those are
 * not joined. A segment sprays a capsule: the disks of diameter `swath` (the first sample's)
 * swept along it, so turns leave no gaps. The area is that of the union of the capsules
 * (capsuleUnion.ts) in a local metric frame (localFrame.ts); the volume integrates the flow over
 * the same segments by trapezoids.
 */
import { squareMetresToMu, type TelemetryPoint } from '@agrifleet/domain';
import { type CapsuleSet, type CapsuleUnionOptions, unionAreaOfCapsules } from './capsuleUnion.ts';
import { type LocalFrame, lngDelta, localFrameAt } from './localFrame.ts';

export type { CapsuleSet, CapsuleUnionOptions, CapsuleUnionResult } from './capsuleUnion.ts';
export { unionAreaOfCapsules } from './capsuleUnion.ts';

/** The fields of a telemetry point that spraying depends on. */
export type SprayPoint = Pick<TelemetryPoint, 'recordTime' | 'lng' | 'lat' | 'pump' | 'flow' | 'swath'>;

export interface SprayedAreaOptions extends CapsuleUnionOptions {
  /** Pump-on samples further apart in time are not joined. Default 10,000 ms. */
  maxGapMs?: number;
  /** Pump-on samples further apart on the ground are not joined. Default 50 m. */
  maxGapMetres?: number;
}

export interface SprayedArea {
  areaM2: number;
  areaMu: number;
  /** Length of the spraying segments, metres. */
  sprayedDistanceM: number;
  /** Litres pumped over the spraying segments. */
  volumeL: number;
}

function usable(p: SprayPoint): boolean {
  return p.pump && Number.isFinite(p.recordTime) && Number.isFinite(p.lng) && Number.isFinite(p.lat);
}

/**
 * The frame centred on the mean position of the pump-on samples (longitudes averaged as offsets
 * from the first, so a sortie across the antimeridian stays whole).
 */
function frameFor(points: readonly SprayPoint[]): LocalFrame | undefined {
  let n = 0;
  let sumLat = 0;
  let sumDLng = 0;
  let lngRef = 0;
  for (const p of points) {
    if (!usable(p)) continue;
    if (n === 0) lngRef = p.lng;
    sumLat += p.lat;
    sumDLng += lngDelta(p.lng, lngRef);
    n++;
  }
  return n === 0 ? undefined : localFrameAt(sumLat / n, lngRef + sumDLng / n);
}

/** Non-negative finite value, else 0. */
function amount(v: number): number {
  return v > 0 && Number.isFinite(v) ? v : 0;
}

/**
 * The points of one sortie, sorted by recordTime (two samples whose time goes backwards are not
 * joined). Samples without a finite position or time are skipped, as ingest would have done.
 */
export function sprayedArea(points: readonly SprayPoint[], opts: SprayedAreaOptions = {}): SprayedArea {
  const maxGapMs = opts.maxGapMs ?? 10_000;
  const maxGapMetres = opts.maxGapMetres ?? 50;
  const frame = frameFor(points);
  if (!frame) return { areaM2: 0, areaMu: 0, sprayedDistanceM: 0, volumeL: 0 };

  const capacity = Math.max(0, points.length - 1);
  const caps: CapsuleSet = {
    count: 0,
    ax: new Float64Array(capacity),
    ay: new Float64Array(capacity),
    bx: new Float64Array(capacity),
    by: new Float64Array(capacity),
    r: new Float64Array(capacity),
  };
  let distance = 0;
  let litreMinutes = 0;
  let prev: SprayPoint | undefined;
  let px = 0;
  let py = 0;
  for (const p of points) {
    if (!p.pump) prev = undefined;
    if (!usable(p)) continue;
    const x = east(frame, p.lng);
    const y = (p.lat - frame.lat0) * frame.metresPerDegLat;
    if (prev) {
      const dt = p.recordTime - prev.recordTime;
      const d = Math.sqrt((x - px) * (x - px) + (y - py) * (y - py));
      if (dt >= 0 && dt <= maxGapMs && d <= maxGapMetres) {
        distance += d;
        litreMinutes += ((amount(prev.flow) + amount(p.flow)) / 2) * (dt / 60_000);
        const k = caps.count++;
        caps.ax[k] = px;
        caps.ay[k] = py;
        caps.bx[k] = x;
        caps.by[k] = y;
        caps.r[k] = amount(prev.swath) / 2;
      }
    }
    prev = p;
    px = x;
    py = y;
  }
  const areaM2 = caps.count > 0 ? unionAreaOfCapsules(caps, opts).areaM2 : 0;
  return {
    areaM2,
    areaMu: squareMetresToMu(areaM2),
    sprayedDistanceM: distance,
    volumeL: litreMinutes,
  };
}

function east(frame: LocalFrame, lng: number): number {
  return lngDelta(lng, frame.lng0) * frame.metresPerDegLng;
}
