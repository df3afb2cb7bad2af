/** The shared bounds (issue 9, finding 16): what every contract builds its request fields from. */
import { describe, expect, it } from 'vitest';
import {
  bigIdParam,
  droneIdSchema,
  INT32_MAX,
  idParam,
  idSchema,
  MAX_MILLIS,
  millisParam,
  millisSchema,
  textSchema,
} from './bounds.ts';
import { historyQuery, monitorQuery, noflyZoneParams } from './monitor.ts';
import { telemetryPoint } from './telemetry.ts';
import { checkTelemetryPoint } from './telemetryCheck.ts';

const ok = (s: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) => s.safeParse(v).success;

describe('bounds', () => {
  it('ids are positive int4, from JSON and from text', () => {
    expect(ok(idSchema, 1)).toBe(true);
    expect(ok(idSchema, INT32_MAX)).toBe(true);
    for (const v of [0, -1, INT32_MAX + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1'])
      expect(ok(idSchema, v), String(v)).toBe(false);
    expect(idParam.parse('2147483647')).toBe(INT32_MAX);
    for (const v of ['2147483648', '-1', '1e309', 'NaN', 'abc', '1.5']) expect(ok(idParam, v), v).toBe(false);
    expect(ok(bigIdParam, '2147483648')).toBe(true);
    expect(ok(bigIdParam, '9007199254740993')).toBe(false);
  });

  it('times stay within the Date range', () => {
    expect(ok(millisSchema, MAX_MILLIS)).toBe(true);
    expect(ok(millisSchema, -MAX_MILLIS)).toBe(true);
    expect(ok(millisSchema, MAX_MILLIS + 1)).toBe(false);
    expect(ok(millisParam, '8640000000000001')).toBe(false);
    expect(ok(millisParam, '-8640000000000001')).toBe(false);
    expect(new Date(millisParam.parse('8640000000000000')).getTime()).toBe(MAX_MILLIS);
  });

  it('texts refuse NUL bytes and their maximum', () => {
    expect(ok(textSchema(5), 'abc')).toBe(true);
    expect(ok(textSchema(5), 'a\u0000b')).toBe(false);
    expect(ok(textSchema(5), 'abcdef')).toBe(false);
    expect(ok(droneIdSchema, 'JYP26000000')).toBe(true);
    for (const v of ['', '\u0000', 'a b', 'x'.repeat(65)]) expect(ok(droneIdSchema, v)).toBe(false);
  });

  it('are what the contracts use: the requests that answered 500 are refused', () => {
    expect(ok(noflyZoneParams, { noflyZoneId: '2147483648' })).toBe(false);
    expect(ok(monitorQuery, { zzAccountId: '2147483648' })).toBe(false);
    expect(ok(historyQuery, { droneId: '\u0000' })).toBe(false);
    expect(ok(historyQuery, { droneId: 'D1', startTime: '8640000000000001' })).toBe(false);
    expect(ok(historyQuery, { droneId: 'D1', startTime: '1700000000000' })).toBe(true);
  });

  it('hold in telemetry: pilot and crop ids are int4, record times within the Date range', () => {
    const point = {
      recordTime: 1_700_000_000_000,
      lng: 120,
      lat: 33,
      height: 10,
      speed: 5,
      heading: 90,
      battery: 80,
      flow: 1,
      pump: true,
      swath: 5,
      tank: 10,
      mode: 'auto',
    };
    for (const bad of [
      { pilotId: INT32_MAX + 1 },
      { cropId: INT32_MAX + 1 },
      { recordTime: MAX_MILLIS + 1 },
    ]) {
      expect(checkTelemetryPoint({ ...point, ...bad })).not.toBeNull();
      expect(ok(telemetryPoint, { ...point, ...bad })).toBe(false);
    }
    expect(checkTelemetryPoint({ ...point, pilotId: INT32_MAX })).toBeNull();
  });
});
