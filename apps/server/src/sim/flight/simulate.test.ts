import { type TelemetryPoint, telemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { type Field, metresPerDegree, rectangleField } from './geo.ts';
import { DEFAULT_DRONE, type DroneProfile } from './profile.ts';
import { runMission, type SimOptions, type SimSample, simulateMission } from './simulate.ts';

const T0 = Date.UTC(2025, 5, 1, 1, 0, 0);
/** 60 mu near Yancheng, long side to the north-east. */
const FIELD = rectangleField({
  center: { lng: 120.26, lat: 33.77 },
  widthM: 120,
  lengthM: 333.3,
  angleDeg: 40,
});

function samples(drone: DroneProfile, field: Field, opts: Partial<SimOptions> = {}): SimSample[] {
  return [...simulateMission(drone, field, { startTime: T0, seed: 42, ...opts })];
}

/** Phases of a sortie collapsed to runs, one letter each. */
const LETTER: Record<SimSample['phase'], string> = {
  preflight: 'P',
  takeoff: 'T',
  transit: 'X',
  descend: 'D',
  spray: 'S',
  turn: 'U',
  climb: 'C',
  return: 'R',
  land: 'L',
  landed: 'G',
};

describe('simulateMission', () => {
  it('is deterministic: same inputs, same points; another seed, other noise', () => {
    const a = samples(DEFAULT_DRONE, FIELD);
    expect(samples(DEFAULT_DRONE, FIELD)).toEqual(a);
    const b = samples(DEFAULT_DRONE, FIELD, { seed: 43 });
    expect(b.map((s) => s.point)).not.toEqual(a.map((s) => s.point));
  });

  it('sends points that the telemetry contract accepts', () => {
    const all = samples(DEFAULT_DRONE, FIELD, { pilotId: 7, cropId: 3 });
    for (const s of all) expect(telemetryPoint.parse(s.point)).toEqual(s.point);
    expect(all.every((s) => s.point.pilotId === 7 && s.point.cropId === 3 && s.point.rtk === 4)).toBe(true);
  });

  it.each([1, 3, 5, 10])(
    'advances recordTime at %d Hz within sorties, by whole periods across pauses',
    (rateHz) => {
      const all = samples(DEFAULT_DRONE, FIELD, { rateHz });
      const period = 1000 / rateHz;
      expect(all[0]?.point.recordTime).toBe(T0);
      for (let i = 1; i < all.length; i++) {
        const a = all[i - 1] as SimSample;
        const b = all[i] as SimSample;
        const gap = b.point.recordTime - a.point.recordTime;
        expect(gap).toBeGreaterThan(0);
        if (a.sortieIndex === b.sortieIndex) expect(Math.abs(gap - period)).toBeLessThan(1);
        else expect(gap).toBeGreaterThanOrEqual(150_000);
        expect(Math.abs(gap / period - Math.round(gap / period)) * period).toBeLessThanOrEqual(1);
      }
    },
  );

  it('flies sorties as take-off, passes joined by turns, return and landing; pump only on passes', () => {
    const run = runMission(DEFAULT_DRONE, FIELD, { startTime: T0, seed: 1 });
    expect(run.sorties.length).toBeGreaterThan(1);
    const all = samples(DEFAULT_DRONE, FIELD, { seed: 1 });
    for (let i = 0; i < run.sorties.length; i++) {
      const mine = all.filter((s) => s.sortieIndex === i);
      const phases = mine
        .map((s) => LETTER[s.phase])
        .join('')
        .replace(/(.)\1+/g, '$1');
      expect(phases).toMatch(/^PTXDS(US)*CRLG$/);
      for (const s of mine) {
        expect(s.point.pump).toBe(s.phase === 'spray');
        expect(s.point.flow > 0).toBe(s.point.pump);
        expect(s.point.mode).toBe(
          ['climb', 'return', 'land', 'landed'].includes(s.phase) ? 'return' : 'auto',
        );
      }
      const sprayHeights = mine.filter((s) => s.point.pump).map((s) => s.point.height);
      expect(Math.min(...sprayHeights)).toBeGreaterThan(DEFAULT_DRONE.sprayHeightM - 0.3);
      expect(Math.max(...sprayHeights)).toBeLessThan(DEFAULT_DRONE.sprayHeightM + 0.3);
      const first = mine[0]?.point as TelemetryPoint;
      const last = mine.at(-1)?.point as TelemetryPoint;
      expect([first.speed, Math.abs(first.height) < 0.3, last.speed, Math.abs(last.height) < 0.3]).toEqual([
        0,
        true,
        0,
        true,
      ]);
      expect(mine.at(-1)?.sortieTruth?.index).toBe(i);
    }
  });

  it('keeps tank and battery within limits: an empty tank ends a sortie, refills start full', () => {
    const run = runMission(DEFAULT_DRONE, FIELD, { startTime: T0, seed: 2 });
    const reasons = run.sorties.map((s) => s.truth.endReason);
    expect(reasons.slice(0, -1).every((r) => r === 'tank')).toBe(true);
    expect(reasons.at(-1)).toBe('done');
    for (const { points, truth } of run.sorties) {
      expect(points[0]?.tank).toBe(DEFAULT_DRONE.tankL);
      expect(points[0]?.battery).toBe(100);
      for (let i = 1; i < points.length; i++) {
        expect((points[i] as TelemetryPoint).tank).toBeLessThanOrEqual(
          (points[i - 1] as TelemetryPoint).tank,
        );
        expect((points[i] as TelemetryPoint).battery).toBeLessThanOrEqual(
          (points[i - 1] as TelemetryPoint).battery,
        );
      }
      const end = points.at(-1) as TelemetryPoint;
      if (truth.endReason === 'tank') expect(end.tank).toBeLessThan((DEFAULT_DRONE.flowLpm * 1.05) / 60 / 5);
      expect(end.battery).toBeGreaterThan(DEFAULT_DRONE.reservePct);
      expect(truth.volumeL).toBeLessThanOrEqual(DEFAULT_DRONE.tankL + 1e-9);
    }
  });

  it('returns at the battery reserve when the battery runs out before the tank', () => {
    const frugal: DroneProfile = {
      ...DEFAULT_DRONE,
      tankL: 40,
      flowLpm: 3.5,
      dryMassKg: 60,
      enduranceMin: 12,
      reservePct: 30,
    };
    const run = runMission(frugal, FIELD, { startTime: T0, seed: 3 });
    const byBattery = run.sorties.filter((s) => s.truth.endReason === 'battery');
    expect(byBattery.length).toBeGreaterThan(0);
    for (const { points } of byBattery) {
      const lastSpray = points.filter((p) => p.pump).at(-1) as TelemetryPoint;
      expect(lastSpray.battery).toBeLessThanOrEqual(30.1);
      expect(lastSpray.battery).toBeGreaterThan(27);
      expect(lastSpray.tank).toBeGreaterThan(1);
      expect(points.at(-1)?.battery).toBeGreaterThan(15);
    }
  });

  it('reports speed and heading consistent with the positions', () => {
    const all = samples(DEFAULT_DRONE, FIELD, { seed: 5 });
    const k = metresPerDegree(33.77);
    let checked = 0;
    // Over 5 periods (6 m along a pass) 3 cm GPS noise gives ~0.05 m/s and ~0.5 degree (1 sigma).
    for (let i = 5; i < all.length; i++) {
      const window = all.slice(i - 5, i + 1);
      if (!window.every((s) => s.phase === 'spray' && s.sortieIndex === window[0]?.sortieIndex)) continue;
      const a = window[0]?.point as TelemetryPoint;
      const b = window[5]?.point as TelemetryPoint;
      const east = (b.lng - a.lng) * k.lng;
      const north = (b.lat - a.lat) * k.lat;
      const speed = Math.hypot(east, north) / ((b.recordTime - a.recordTime) / 1000);
      const heading = ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
      expect(Math.abs(speed - b.speed)).toBeLessThan(0.3);
      expect(Math.abs(((heading - b.heading + 540) % 360) - 180)).toBeLessThan(3);
      expect(b.speed).toBeLessThanOrEqual(DEFAULT_DRONE.sprayMps + 0.2);
      expect(b.speed).toBeGreaterThan(DEFAULT_DRONE.sprayMps * 0.9);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('refuses rates outside 1-10 Hz', () => {
    expect(() => samples(DEFAULT_DRONE, FIELD, { rateHz: 20 })).toThrow(/rateHz/);
    expect(() => samples(DEFAULT_DRONE, FIELD, { rateHz: 0.5 })).toThrow(/rateHz/);
  });
});
