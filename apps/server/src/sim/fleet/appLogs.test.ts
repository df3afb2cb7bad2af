import { appLogEntry, type TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { appLogWriter } from './appLogs.ts';

const point = (s: number, pump: boolean, battery = 80): TelemetryPoint => ({
  recordTime: 1_790_000_000_000 + s * 1000,
  lng: 120.3,
  lat: 33.7,
  height: pump ? 3 : 0,
  speed: pump ? 5 : 0,
  heading: 90,
  battery,
  flow: pump ? 1.5 : 0,
  pump,
  swath: 5,
  tank: 10,
  mode: 'auto',
});

describe('the simulated app log', () => {
  it('logs a spray start (at most one per two minutes) and one low-battery warning per sortie', () => {
    const w = appLogWriter();
    const first = w.entries([{ droneId: 'D1', points: [point(0, false), point(1, true), point(2, true)] }]);
    expect(first.map((e) => [e.type, e.level])).toEqual([['flight', 'info']]);
    // A turn (pump off and on) within two minutes: nothing.
    expect(w.entries([{ droneId: 'D1', points: [point(30, false), point(31, true)] }])).toEqual([]);
    expect(w.entries([{ droneId: 'D1', points: [point(200, false), point(201, true)] }])).toHaveLength(1);
    const low = w.entries([{ droneId: 'D1', points: [point(202, true, 29), point(203, true, 28)] }]);
    expect(low.map((e) => [e.type, e.level])).toEqual([['device', 'warn']]);
    // Every entry passes the ingest's contract.
    for (const e of [...first, ...low]) expect(appLogEntry.safeParse(e).success).toBe(true);
  });
});
