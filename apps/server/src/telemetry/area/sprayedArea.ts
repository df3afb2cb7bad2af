/**
 * What one sortie sprayed: the area under the union of its swaths (overlapping passes counted
 * once), the distance flown with the pump on, and the volume pumped.
 *
 * The track between two consecutive samples that both have the pump on is a spraying segment,
 * unless they are more than `maxGapMs` or `maxGapMetres` apart (a lost link, a jump): those are
 * not joined. Joined segments form a run, and a run sprays what its boom sweeps (booms.ts): a
 * line `swath` wide across the track, mitred at the samples and square where the run starts and
 * stops, as a boom or rotor downwash sprays. The area is that of the union of the swept
 * quadrilaterals (quadUnion.ts) in a local metric frame (localFrame.ts); the volume integrates the
 * flow over the same segments by trapezoids.
 */
import { squareMetresToMu, type TelemetryPoint } from '@agrifleet/domain';
import { addRun, newQuadSet, type QuadSet } from './booms.ts';
import { type LocalFrame, lngDelta, localFrameAt } from './localFrame.ts';
import { type UnionOptions, unionAreaOfQuads } from './quadUnion.ts';

export { addRun, newQuadSet, type QuadSet } from './booms.ts';
export { type UnionOptions, type UnionResult, unionAreaOfQuads } from './quadUnion.ts';

/** The fields of a telemetry point that spraying depends on. */
export type SprayPoint = Pick<TelemetryPoint, 'recordTime' | 'lng' | 'lat' | 'pump' | 'flow' | 'swath'>;

export interface SprayedAreaOptions extends UnionOptions {
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

/** The boom quads of one sortie in a given frame, with what its spraying segments flew and pumped. */
export interface SortieQuads {
  quads: QuadSet;
  /** The narrowest swath of a joined segment, metres (Infinity: none). */
  minSwathM: number;
  sprayedDistanceM: number;
  volumeL: number;
}

/** sortieQuads' run arrays, grown as needed (a run's samples are written before addRun reads them). */
let runScratch = { x: new Float64Array(0), y: new Float64Array(0), h: new Float64Array(0) };

/**
 * The quadrilaterals one sortie's runs sweep (booms.ts), in local metres of `frame`: the geometry
 * `sprayedArea` measures, exposed for the coverage of a block (coverage.ts), which collects the
 * quads of all its sorties in one set (`into`).
 */
export function sortieQuads(
  points: readonly SprayPoint[],
  frame: LocalFrame,
  opts: SprayedAreaOptions = {},
  /** Appends to this set (room for points.length - 1 more quads) instead of a new one. */
  into?: QuadSet,
): SortieQuads {
  const maxGapMs = opts.maxGapMs ?? 10_000;
  const maxGapMetres = opts.maxGapMetres ?? 50;
  const quads = into ?? newQuadSet(Math.max(0, points.length - 1));
  // The current run: its samples in local metres and half-swaths (working arrays kept between calls).
  if (runScratch.x.length < points.length) {
    const size = Math.max(points.length, 2 * runScratch.x.length, 256);
    runScratch = { x: new Float64Array(size), y: new Float64Array(size), h: new Float64Array(size) };
  }
  const { x: rx, y: ry, h: rh } = runScratch;
  let rn = 0;
  let minSwath = Number.POSITIVE_INFINITY;
  const endRun = () => {
    if (rn >= 2) addRun(quads, rx, ry, rh, rn);
    rn = 0;
  };
  const addSample = (x: number, y: number, swath: number) => {
    rx[rn] = x;
    ry[rn] = y;
    rh[rn] = swath / 2;
    rn++;
  };
  let distance = 0;
  let litreMinutes = 0;
  let prev: SprayPoint | undefined;
  let px = 0;
  let py = 0;
  for (const p of points) {
    if (!p.pump) {
      prev = undefined;
      endRun();
    }
    if (!usable(p)) continue;
    const x = east(frame, p.lng);
    const y = (p.lat - frame.lat0) * frame.metresPerDegLat;
    const joined =
      prev !== undefined &&
      p.recordTime - prev.recordTime >= 0 &&
      p.recordTime - prev.recordTime <= maxGapMs &&
      Math.hypot(x - px, y - py) <= maxGapMetres;
    if (prev && joined) {
      const dt = p.recordTime - prev.recordTime;
      distance += Math.hypot(x - px, y - py);
      litreMinutes += ((amount(prev.flow) + amount(p.flow)) / 2) * (dt / 60_000);
      const w = amount(prev.swath);
      if (w > 0 && w < minSwath) minSwath = w;
    } else {
      endRun();
    }
    addSample(x, y, amount(p.swath));
    prev = p;
    px = x;
    py = y;
  }
  endRun();
  return { quads, minSwathM: minSwath, sprayedDistanceM: distance, volumeL: litreMinutes };
}

/**
 * The points of one sortie, sorted by recordTime (two samples whose time goes backwards are not
 * joined). Samples without a finite position or time are skipped, as ingest would have done.
 */
export function sprayedArea(points: readonly SprayPoint[], opts: SprayedAreaOptions = {}): SprayedArea {
  const frame = frameFor(points);
  if (!frame) return { areaM2: 0, areaMu: 0, sprayedDistanceM: 0, volumeL: 0 };
  const { quads, minSwathM, sprayedDistanceM, volumeL } = sortieQuads(points, frame, opts);
  const areaM2 =
    quads.count > 0 && Number.isFinite(minSwathM)
      ? unionAreaOfQuads(quads, { ...opts, swathM: minSwathM }).areaM2
      : 0;
  return { areaM2, areaMu: squareMetresToMu(areaM2), sprayedDistanceM, volumeL };
}

function east(frame: LocalFrame, lng: number): number {
  return lngDelta(lng, frame.lng0) * frame.metresPerDegLng;
}
