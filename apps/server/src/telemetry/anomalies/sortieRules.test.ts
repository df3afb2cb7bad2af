import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { NOWHERE } from '../../modules/regions/geo/codes.ts';
import {
  DEFAULT_DRONE,
  mulberry32,
  randomDrone,
  rectangleField,
  runMission,
} from '../../sim/flight/index.ts';
import { summarizeSortie } from '../summary/sortieSummary.ts';
import {
  acreageRule,
  blowingRule,
  evaluateSortie,
  reportedAreaM2,
  weatherRule,
  wrongCropRule,
} from './sortieRules.ts';
import { gaussianNoise, type Leg, track } from './testkit.ts';
import { estimateWind, windObservations } from './wind.ts';

const origin = { lng: 114.61, lat: 33.54 };
const summarize = (pts: readonly TelemetryPoint[]) => summarizeSortie(pts, () => NOWHERE);

function simulated(seed: number, drone = DEFAULT_DRONE) {
  const field = rectangleField({ center: origin, widthM: 120, lengthM: 260, angleDeg: 35 });
  const run = runMission(drone, field, { startTime: 1_780_000_000_000, seed, cropId: 3, pilotId: 4 });
  return (run.sorties[0] as (typeof run.sorties)[number]).points;
}

/**
 * Passes 200 m north and south, 7 m apart, at `groundMps`, pump on; hops east between them with the
 * pump off. With a wind (east, north, m/s) the nose points along the air velocity: ground - wind.
 */
function passes(
  n: number,
  opts: { wind?: [number, number]; groundMps?: number; with?: Partial<TelemetryPoint> } = {},
) {
  const v = opts.groundMps ?? 5;
  const [we, wn] = opts.wind ?? [0, 0];
  const legs: Leg[] = [];
  for (let i = 0; i < n; i++) {
    const north = i % 2 === 0;
    const x = i * 7;
    const heading = ((Math.atan2(-we, (north ? v : -v) - wn) * 180) / Math.PI + 360) % 360;
    legs.push({
      from: [x, north ? 0 : 200],
      to: [x, north ? 200 : 0],
      speed: v,
      with: { heading, ...opts.with },
    });
    legs.push({
      from: [x, north ? 200 : 0],
      to: [x + 7, north ? 200 : 0],
      speed: 2,
      with: { pump: false, flow: 0 },
    });
  }
  return legs;
}

describe('sortie rules on simulated sorties', () => {
  it.each([1, 2, 3])('raise nothing on a normal sortie (seed %i)', (seed) => {
    const pts = simulated(seed, seed === 1 ? DEFAULT_DRONE : randomDrone(mulberry32(seed)));
    expect(evaluateSortie(pts, summarize(pts))).toEqual([]);
  });
});

describe('blowing anomaly (2)', () => {
  it('flags spraying too high for drift control', () => {
    const pts = track(origin, passes(8, { with: { height: 5.5 } }));
    expect(blowingRule(pts)).toMatchObject({ oddType: 2, detail: { reasons: ['drift'], driftShare: 1 } });
    expect(blowingRule(track(origin, passes(8, { with: { height: 3 } })))).toBeNull();
  });

  it('flags the pump running with no flow (blocked nozzles, dry tank)', () => {
    const legs = passes(8);
    for (const leg of legs.slice(8)) leg.with = { ...leg.with, flow: 0 };
    const e = blowingRule(track(origin, legs));
    expect(e?.detail.reasons).toEqual(['noFlow']);
    expect(e?.detail.noFlowS).toBeGreaterThan(100);
  });

  it('flags a dose varying over the sortie, not a steady one', () => {
    const legs = passes(8);
    legs.forEach((leg, i) => {
      if (i % 4 === 0) leg.with = { ...leg.with, flow: 2 };
    });
    const e = blowingRule(track(origin, legs));
    expect(e?.detail.reasons).toEqual(['uneven']);
    // A drone slowing down with flow following speed keeps its dose.
    const steady = passes(8, { groundMps: 3, with: { flow: 8 * (3 / 5) } }).concat(passes(8));
    expect(blowingRule(track(origin, steady))).toBeNull();
  });
});

describe('wrong crops (3)', () => {
  const pts = simulated(1);
  it('flags a crop changed in the middle of a spraying sortie', () => {
    const half = Math.floor(pts.length / 2);
    const changed = pts.map((p, i) => (i >= half ? { ...p, cropId: 5 } : p));
    const e = wrongCropRule(changed, summarize(changed));
    expect(e).toMatchObject({ oddType: 3, detail: { reason: 'changed', cropIds: [3, 5] } });
    expect(e?.time).toBeGreaterThanOrEqual((changed[half] as TelemetryPoint).recordTime);
  });

  it('ignores a stray sample and a sortie with no crop', () => {
    const stray = pts.map((p, i) => (i === 400 ? { ...p, cropId: 5 } : p));
    expect(wrongCropRule(stray, summarize(stray))).toBeNull();
    const none = pts.map(({ cropId: _, ...p }) => p);
    expect(wrongCropRule(none, summarize(none))).toBeNull();
  });

  it('flags a crop other than the registered one, when given', () => {
    expect(wrongCropRule(pts, summarize(pts), { expectedCropId: 3 })).toBeNull();
    expect(wrongCropRule(pts, summarize(pts), { expectedCropId: 8 })).toMatchObject({
      detail: { reason: 'notExpected', cropId: 3, expectedCropId: 8 },
    });
  });
});

describe('abnormal weather (4)', () => {
  it('estimates a 6 m/s east wind from the crab of passes both ways, and flags it', () => {
    const pts = track(origin, passes(12, { wind: [-6, 0] }), { noise: gaussianNoise(0.5) });
    const est = estimateWind(windObservations(pts, (p) => p.pump));
    expect(est?.full).toBe(true);
    expect(est?.east).toBeCloseTo(-6, 0);
    expect(Math.abs(est?.north ?? 9)).toBeLessThan(0.5);
    expect(weatherRule(pts)).toMatchObject({ oddType: 4, detail: { windFromDeg: 90, crossOnly: false } });
    expect((weatherRule(pts)?.detail.windMps as number) - 6).toBeLessThan(0.5);
  });

  it('raises nothing under 5 m/s, with no wind and metre-level GPS noise, or flying sideways', () => {
    expect(weatherRule(track(origin, passes(12, { wind: [3, 3] })))).toBeNull();
    const calm = track(origin, passes(12), { noise: gaussianNoise(1.5) });
    expect(estimateWind(windObservations(calm, (p) => p.pump))?.speedMps).toBeLessThan(0.5);
    expect(weatherRule(calm)).toBeNull();
    const sideways = passes(12).map((l) => ({ ...l, with: { ...l.with, heading: 90 } }));
    expect(weatherRule(track(origin, sideways))).toBeNull();
  });

  it('sees only the cross component when every pass goes one way (a lower bound)', () => {
    // Northbound passes spray; the drone flies back south with the pump off.
    const oneWay = passes(12, { wind: [-6, 0] }).map((l, i) =>
      i % 4 === 2 ? { ...l, with: { ...l.with, pump: false } } : l,
    );
    const est = estimateWind(windObservations(track(origin, oneWay), (p) => p.pump));
    expect(est?.full).toBe(false);
    expect(est?.speedMps).toBeGreaterThan(3);
    expect(est?.speedMps).toBeLessThan(6);
  });
});

describe('wrong acreage (5)', () => {
  const pts = simulated(2);
  const s = summarize(pts);
  const reporting = (factor: number, areaM2 = s.areaM2) =>
    pts.map((p, i) => ({ ...p, workArea: (areaM2 * factor * i) / (pts.length - 1) }));

  it('takes the largest cumulative work area as the reported one', () => {
    expect(reportedAreaM2(pts)).toBeNull();
    expect(reportedAreaM2(reporting(1))).toBeCloseTo(s.areaM2, 6);
  });

  it('flags more than 10 % and more than 1 mu off, not less', () => {
    expect(s.areaM2).toBeGreaterThan(10 * 666.7);
    expect(acreageRule(reporting(1.05), s)).toBeNull();
    const e = acreageRule(reporting(1.2), s);
    expect(e).toMatchObject({ oddType: 5, time: (pts.at(-1) as TelemetryPoint).recordTime });
    expect(e?.detail.relative).toBeCloseTo(0.2, 2);
    expect(acreageRule(reporting(0.8), s)?.detail.relative).toBeCloseTo(-0.2, 2);
    // 30 % off a 2 mu sortie is 0.6 mu: under the absolute floor.
    expect(acreageRule(reporting(1.3, 2 * 666.7), { areaM2: 2 * 666.7 })).toBeNull();
    expect(acreageRule(reporting(1.3, 4 * 666.7), { areaM2: 4 * 666.7 })).not.toBeNull();
    expect(acreageRule(reporting(1), { areaM2: 0 })).toMatchObject({ detail: { relative: null } });
  });
});
