/**
 * Anomaly rules evaluated once per sortie, at landing, from its points and summary (001 §4 oddType
 * 2 blowing anomaly, 3 wrong crops, 4 abnormal weather, 5 wrong acreage). Each rule gives at most
 * one event per sortie. Thresholds and their reasons: README.md beside this file. Pure.
 */
import { SQUARE_METRES_PER_MU, type TelemetryPoint } from '@agrifleet/domain';
import type { SortieSummary } from '../summary/sortieSummary.ts';
import { estimateWind, type WindObservation, windObservations } from './wind.ts';

export interface SortieAnomaly {
  /** 6: unlisted accessory (accessoryHook.ts), our extension of 001 §4. */
  oddType: 2 | 3 | 4 | 5 | 6;
  time: number;
  lng: number;
  lat: number;
  detail: Record<string, unknown>;
}

export interface SortieContext {
  /** The crop the field or task is registered for, once there is a registry. */
  expectedCropId?: number;
}

export const SORTIE_RULES = {
  airborneM: 0.8,
  /** Longest interval between two samples counted as spraying time, ms (a gap is not spraying). */
  maxStepMs: 10_000,
  drift: { maxHeightM: 4, maxSpeedMps: 8, maxShare: 0.2 },
  noFlow: { flowLpm: 0.05, minS: 10, minShare: 0.1 },
  uneven: { minSpeedMps: 1, low: 0.5, high: 2, maxShare: 0.2 },
  crops: { minShare: 0.1 },
  wind: { maxMps: 5, windowMs: 120_000, minSpanMs: 60_000, minObservations: 20 },
  acreage: { maxRelative: 0.1, minAbsM2: SQUARE_METRES_PER_MU },
} as const;

const R = SORTIE_RULES;

/** Spraying intervals: from each airborne pump-on sample to the next one (sample and hold). */
interface Step {
  p: TelemetryPoint;
  ms: number;
}

function sprayingSteps(points: readonly TelemetryPoint[]): Step[] {
  const steps: Step[] = [];
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1] as TelemetryPoint;
    const q = points[i] as TelemetryPoint;
    const ms = q.recordTime - p.recordTime;
    if (p.pump && q.pump && p.height > R.airborneM && ms > 0 && ms <= R.maxStepMs) steps.push({ p, ms });
  }
  return steps;
}

const at = (oddType: SortieAnomaly['oddType'], p: TelemetryPoint, detail: Record<string, unknown>) => ({
  oddType,
  time: p.recordTime,
  lng: p.lng,
  lat: p.lat,
  detail,
});

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** Application rate, litres per mu: flow over the area swept per minute (swath x speed). */
export const litresPerMu = (p: TelemetryPoint) => (p.flow / (p.swath * p.speed * 60)) * SQUARE_METRES_PER_MU;

function weightedMedian(values: Array<{ v: number; w: number }>): number {
  const sorted = [...values].sort((a, b) => a.v - b.v);
  const half = sorted.reduce((s, x) => s + x.w, 0) / 2;
  let acc = 0;
  for (const x of sorted) {
    acc += x.w;
    if (acc >= half) return x.v;
  }
  return Number.NaN;
}

/** oddType 2: spraying in a way that drifts (too high, too fast), with no flow, or unevenly. */
export function blowingRule(points: readonly TelemetryPoint[]): SortieAnomaly | null {
  const steps = sprayingSteps(points);
  const totalMs = steps.reduce((s, x) => s + x.ms, 0);
  if (totalMs === 0) return null;
  const reasons: string[] = [];
  const detail: Record<string, unknown> = { sprayS: round(totalMs / 1000, 1) };
  let first: TelemetryPoint | null = null;
  const flag = (reason: string, hits: Step[]) => {
    reasons.push(reason);
    const p = hits[0]?.p;
    if (p && (!first || p.recordTime < first.recordTime)) first = p;
  };
  const sum = (xs: Step[]) => xs.reduce((s, x) => s + x.ms, 0);

  const drift = steps.filter((x) => x.p.height > R.drift.maxHeightM || x.p.speed > R.drift.maxSpeedMps);
  detail.driftShare = round(sum(drift) / totalMs, 3);
  if (sum(drift) / totalMs > R.drift.maxShare) flag('drift', drift);

  const dry = steps.filter((x) => x.p.flow < R.noFlow.flowLpm);
  detail.noFlowS = round(sum(dry) / 1000, 1);
  if (sum(dry) >= R.noFlow.minS * 1000 && sum(dry) / totalMs >= R.noFlow.minShare) flag('noFlow', dry);

  const dosed = steps.filter(
    (x) => x.p.speed >= R.uneven.minSpeedMps && x.p.swath > 0 && x.p.flow >= R.noFlow.flowLpm,
  );
  if (dosed.length > 0) {
    const median = weightedMedian(dosed.map((x) => ({ v: litresPerMu(x.p), w: x.ms })));
    const off = dosed.filter((x) => {
      const ratio = litresPerMu(x.p) / median;
      return ratio < R.uneven.low || ratio > R.uneven.high;
    });
    detail.medianLitresPerMu = round(median, 3);
    detail.unevenShare = round(sum(off) / totalMs, 3);
    if (sum(off) / totalMs > R.uneven.maxShare) flag('uneven', off);
  }
  const p = first as TelemetryPoint | null;
  return p ? at(2, p, { reasons, ...detail }) : null;
}

/**
 * oddType 3: the crop declared while spraying is not the field's (when known), or changes within
 * the sortie (one tank mix is prepared for one crop).
 */
export function wrongCropRule(
  points: readonly TelemetryPoint[],
  summary: Pick<SortieSummary, 'cropId'>,
  ctx: SortieContext = {},
): SortieAnomaly | null {
  const steps = sprayingSteps(points).filter((x) => x.p.cropId !== undefined);
  if (steps.length === 0) return null;
  if (ctx.expectedCropId !== undefined && summary.cropId !== null && summary.cropId !== ctx.expectedCropId) {
    const p = (steps.find((x) => x.p.cropId !== ctx.expectedCropId) ?? (steps[0] as Step)).p;
    return at(3, p, { reason: 'notExpected', cropId: summary.cropId, expectedCropId: ctx.expectedCropId });
  }
  const byCrop = new Map<number, number>();
  for (const x of steps) byCrop.set(x.p.cropId as number, (byCrop.get(x.p.cropId as number) ?? 0) + x.ms);
  const total = steps.reduce((s, x) => s + x.ms, 0);
  const major = [...byCrop].filter(([, ms]) => ms / total >= R.crops.minShare).map(([crop]) => crop);
  if (major.length < 2) return null;
  const firstCrop = steps[0]?.p.cropId;
  const change = steps.find((x) => x.p.cropId !== firstCrop && major.includes(x.p.cropId as number));
  if (!change) return null;
  const shares = Object.fromEntries([...byCrop].map(([crop, ms]) => [crop, round(ms / total, 3)]));
  return at(3, change.p, { reason: 'changed', cropIds: major, shares });
}

/** oddType 4: sustained wind above the spraying limit, estimated from the track (wind.ts). */
export function weatherRule(points: readonly TelemetryPoint[]): SortieAnomaly | null {
  const obs = windObservations(points, (p) => p.pump && p.height > R.airborneM);
  // Consecutive windows of about windowMs; a short tail joins the window before it.
  const windows: WindObservation[][] = [];
  for (const o of obs) {
    const w = windows.at(-1);
    if (w && o.time - (w[0] as WindObservation).time < R.wind.windowMs) w.push(o);
    else windows.push([o]);
  }
  const tail = windows.at(-1);
  if (windows.length > 1 && tail && spanMs(tail) < R.wind.minSpanMs) {
    windows.pop();
    windows.at(-1)?.push(...tail);
  }
  let worst: { w: WindObservation[]; speed: number; east: number; north: number; full: boolean } | null =
    null;
  let windyS = 0;
  for (const w of windows) {
    if (w.length < R.wind.minObservations || spanMs(w) < R.wind.minSpanMs) continue;
    const est = estimateWind(w);
    if (!est || est.speedMps <= R.wind.maxMps) continue;
    windyS += spanMs(w) / 1000;
    if (!worst || est.speedMps > worst.speed) worst = { w, speed: est.speedMps, ...est };
  }
  if (!worst) return null;
  const o = worst.w[0] as WindObservation;
  return {
    oddType: 4,
    time: o.time,
    lng: o.lng,
    lat: o.lat,
    detail: {
      windMps: round(worst.speed, 1),
      // Meteorological convention: where the wind comes from, degrees clockwise from north.
      windFromDeg: worst.full
        ? Math.round((Math.atan2(-worst.east, -worst.north) * 180) / Math.PI + 360) % 360
        : null,
      crossOnly: !worst.full,
      windyS: Math.round(windyS),
    },
  };
}

const spanMs = (w: readonly WindObservation[]) =>
  w.length === 0 ? 0 : (w.at(-1) as WindObservation).time - (w[0] as WindObservation).time;

/** The area the drone's controller reports for the sortie: the largest cumulative workArea seen. */
export function reportedAreaM2(points: readonly TelemetryPoint[]): number | null {
  let max: number | null = null;
  for (const p of points)
    if (p.workArea !== undefined && (max === null || p.workArea > max)) max = p.workArea;
  return max;
}

/** oddType 5: the drone's own area differs from ours by more than 10 % and more than 1 mu. */
export function acreageRule(
  points: readonly TelemetryPoint[],
  summary: Pick<SortieSummary, 'areaM2'>,
): SortieAnomaly | null {
  const reported = reportedAreaM2(points);
  const last = points.at(-1);
  if (reported === null || !last) return null;
  const diff = reported - summary.areaM2;
  if (Math.abs(diff) <= R.acreage.minAbsM2) return null;
  if (summary.areaM2 > 0 && Math.abs(diff) / summary.areaM2 <= R.acreage.maxRelative) return null;
  return at(5, last, {
    reportedM2: round(reported, 1),
    computedM2: round(summary.areaM2, 1),
    relative: summary.areaM2 > 0 ? round(diff / summary.areaM2, 3) : null,
  });
}

/** All sortie rules, in oddType order. */
export function evaluateSortie(
  points: readonly TelemetryPoint[],
  summary: Pick<SortieSummary, 'areaM2' | 'cropId'>,
  ctx: SortieContext = {},
): SortieAnomaly[] {
  return [
    blowingRule(points),
    wrongCropRule(points, summary, ctx),
    weatherRule(points),
    acreageRule(points, summary),
  ].filter((e): e is SortieAnomaly => e !== null);
}
