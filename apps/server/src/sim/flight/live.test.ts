import { DRONE_ID_RE, type TelemetryPoint, telemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { fieldAreaM2 } from './geo.ts';
import { liveFleet, randomField } from './live.ts';
import { FARM_PLACES } from './places.ts';
import { mulberry32 } from './prng.ts';

const T0 = Date.UTC(2025, 6, 1, 2, 0, 0);
const HOUR = 3_600_000;

describe('liveFleet', () => {
  it('spreads drones over the places with valid ids, pilots and crops', () => {
    const fleet = liveFleet({ count: 10, startTime: T0, pilotIds: [5, 6], cropIds: { rice: 1, cotton: 2 } });
    expect(fleet.map((d) => d.place.key)).toEqual(
      [...FARM_PLACES, ...FARM_PLACES].slice(0, 10).map((p) => p.key),
    );
    for (const d of fleet) {
      expect(d.droneId).toMatch(DRONE_ID_RE);
      expect(d.drone.swathM).toBeGreaterThanOrEqual(5);
      expect(d.drone.swathM).toBeLessThanOrEqual(9);
      expect(String(d.drone.flowLpm)).toMatch(/^\d+(\.\d)?$/);
    }
    const shihezi = fleet[2]?.pointsUntil(T0 + 6 * HOUR, 6 * HOUR) ?? [];
    expect(shihezi.length).toBeGreaterThan(0);
    expect(shihezi.every((p) => p.cropId === 2 && p.pilotId === 5)).toBe(true);
  });

  it('streams points in time order up to the wall time, field after field, deterministically', () => {
    const [a] = liveFleet({ count: 1, startTime: T0, seed: 4 });
    const [b] = liveFleet({ count: 1, startTime: T0, seed: 4 });
    if (!a || !b) throw new Error('no drone');
    const got: TelemetryPoint[] = [];
    for (let t = T0; t <= T0 + 8 * HOUR; t += 60_000) {
      const batch = a.pointsUntil(t, 60_000);
      expect(batch.every((p) => p.recordTime <= t && p.recordTime > t - 60_000)).toBe(true);
      got.push(...batch);
      expect(a.peekTime()).toBeGreaterThan(t);
    }
    for (let i = 1; i < got.length; i++) {
      expect((got[i] as TelemetryPoint).recordTime).toBeGreaterThan(
        (got[i - 1] as TelemetryPoint).recordTime,
      );
    }
    for (const p of got.filter((_, i) => i % 97 === 0)) telemetryPoint.parse(p);
    // Long silences (15-45 min) separate the fields; refills are 2.5-3.5 min.
    const gaps = got
      .slice(1)
      .filter((p, i) => p.recordTime - (got[i] as TelemetryPoint).recordTime > 14 * 60_000);
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    expect(b.pointsUntil(T0 + 8 * HOUR, 8 * HOUR)).toEqual(got.filter((p) => p.recordTime >= T0));
  });

  it('skips what a caller that slept missed, beyond the allowed lag', () => {
    const fleet = liveFleet({ count: 6, startTime: T0, seed: 9, rateHz: 5 });
    for (const d of fleet) {
      const late = d.pointsUntil(T0 + 3 * HOUR);
      expect(late.length).toBeLessThanOrEqual(51);
      expect(late.every((p) => p.recordTime >= T0 + 3 * HOUR - 10_000)).toBe(true);
    }
  });

  it('has drones already in the air at start', () => {
    const fleet = liveFleet({ count: 12, startTime: T0, seed: 1 });
    const airborne = fleet.filter((d) => d.pointsUntil(T0 + 1000).some((p) => p.height > 1));
    expect(airborne.length).toBeGreaterThan(0);
  });
});

describe('LiveDrone.join', () => {
  it('sends the sortie under way whole, from its take-off, then goes on as pointsUntil', () => {
    const at = T0 + 1000;
    const joining = liveFleet({ count: 12, startTime: T0, seed: 1 });
    const twins = liveFleet({ count: 12, startTime: T0, seed: 1 });
    let inAir = 0;
    joining.forEach((d, i) => {
      const got = d.join(at);
      const all = twins[i]?.pointsUntil(at, 2 * HOUR) ?? [];
      if (!got.at(-1) || (got.at(-1) as TelemetryPoint).height < 1) return;
      inAir++;
      // A tail of everything flown, starting on the ground after the previous sortie's pause.
      const k = all.findIndex((p) => p.recordTime === got[0]?.recordTime);
      expect(all.slice(k)).toEqual(got);
      expect(got.length).toBeGreaterThan(11);
      expect(got[0]?.height).toBeLessThan(0.5);
      const before = all[k - 1];
      if (before) expect((got[0] as TelemetryPoint).recordTime - before.recordTime).toBeGreaterThan(60_000);
      expect(d.pointsUntil(at + 5000).every((p) => p.recordTime > at)).toBe(true);
    });
    expect(inAir).toBeGreaterThan(0);
  });
});

describe('randomField', () => {
  it('draws convex fields of 10-150 mu a few kilometres from the place', () => {
    const rng = mulberry32(3);
    for (let i = 0; i < 50; i++) {
      const f = randomField(rng, FARM_PLACES[0] ?? { lng: 0, lat: 0 });
      const mu = fieldAreaM2(f) / (2000 / 3);
      expect(mu).toBeGreaterThan(8);
      expect(mu).toBeLessThan(170);
      expect(f.polygon).toHaveLength(4);
    }
  });
});
