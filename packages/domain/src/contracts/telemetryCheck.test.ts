import { describe, expect, it } from 'vitest';
import { telemetryBatch, telemetryMessage, telemetryPoint } from './telemetry.ts';
import { checkTelemetryBatch, checkTelemetryMessage, checkTelemetryPoint } from './telemetryCheck.ts';

const valid = {
  recordTime: 1_795_250_389_000,
  lng: 120.26,
  lat: 33.77,
  height: 3,
  speed: 5.5,
  heading: 90,
  battery: 80,
  flow: 3,
  pump: true,
  swath: 6.5,
  tank: 20,
  mode: 'auto',
};

/** Every way a point can be wrong, and right, one field at a time. */
const variants: Array<Record<string, unknown>> = [
  valid,
  { ...valid, pilotId: 3, cropId: 9, rtk: 4, workArea: 1200, sim: true },
  { ...valid, extra: 'ignored' },
  ...[
    'recordTime',
    'lng',
    'lat',
    'height',
    'speed',
    'heading',
    'battery',
    'flow',
    'pump',
    'swath',
    'tank',
    'mode',
  ].flatMap((k) => [
    Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k)),
    { ...valid, [k]: 'x' },
    { ...valid, [k]: null },
    { ...valid, [k]: -1_000 },
    { ...valid, [k]: 1e9 },
    { ...valid, [k]: 0 },
    { ...valid, [k]: Number.NaN },
  ]),
  { ...valid, recordTime: 1.5 },
  { ...valid, heading: 360 },
  { ...valid, heading: 360.1 },
  { ...valid, height: -500 },
  { ...valid, height: -500.1 },
  { ...valid, mode: 'hover' },
  { ...valid, mode: 'Auto' },
  { ...valid, pump: 1 },
  { ...valid, pilotId: 0 },
  { ...valid, pilotId: 2.5 },
  { ...valid, cropId: -3 },
  { ...valid, rtk: 3 },
  { ...valid, rtk: 5 },
  { ...valid, workArea: -1 },
  { ...valid, workArea: 10_000_001 },
  { ...valid, sim: 'yes' },
  { ...valid, accessories: [] },
  {
    ...valid,
    accessories: [
      { type: 1, hwId: 'BAT-1' },
      { type: 5, hwId: 'a.b:c_d-9' },
    ],
  },
  { ...valid, accessories: [{ type: 6, hwId: 'BAT-1' }] },
  { ...valid, accessories: [{ type: 1.5, hwId: 'BAT-1' }] },
  { ...valid, accessories: [{ type: 1, hwId: 'bad id' }] },
  { ...valid, accessories: [{ type: 1, hwId: 'x'.repeat(65) }] },
  { ...valid, accessories: [{ type: 1, hwId: 'A', extra: 1 }] },
  { ...valid, accessories: [null] },
  { ...valid, accessories: {} },
  { ...valid, accessories: Array.from({ length: 17 }, (_, i) => ({ type: 1, hwId: `B${i}` })) },
];

describe('telemetry checked in place', () => {
  it('accepts and refuses exactly the points the zod contract does', () => {
    for (const v of variants)
      expect(checkTelemetryPoint(v) === null, JSON.stringify(v)).toBe(telemetryPoint.safeParse(v).success);
  });

  it('agrees on messages and batches too', () => {
    const messages: unknown[] = [
      valid,
      { points: [valid, valid] },
      { points: [] },
      { points: [valid, { ...valid, lat: 'x' }] },
      'x',
      null,
      [],
    ];
    for (const m of messages)
      expect(checkTelemetryMessage(m) === null, JSON.stringify(m)).toBe(
        telemetryMessage.safeParse(m).success,
      );
    const batches: unknown[] = [
      { drones: [{ droneId: 'JYP26000000', points: [valid] }] },
      { drones: [] },
      { drones: [{ droneId: 'bad id', points: [valid] }] },
      { drones: [{ droneId: 'A', points: [] }] },
      { drones: [{ droneId: 'A', points: [{ ...valid, mode: 'x' }] }] },
      { drones: [null] },
      {},
    ];
    for (const b of batches)
      expect(checkTelemetryBatch(b) === null, JSON.stringify(b)).toBe(telemetryBatch.safeParse(b).success);
  });

  it('says where the problem is', () => {
    expect(
      checkTelemetryBatch({ drones: [{ droneId: 'A', points: [valid, { ...valid, battery: 101 }] }] }),
    ).toBe('drones.0.points.1.battery: out of range 0..100');
  });
});
