/** The shared bounds (issue 9, finding 16): what every contract builds its request fields from. */
import { describe, expect, it } from 'vitest';
import {
  bigIdParam,
  clampMillis,
  droneIdSchema,
  INT32_MAX,
  idParam,
  idSchema,
  MAX_MILLIS,
  MIN_MILLIS,
  millisParam,
  millisSchema,
  textSchema,
  trimmedText,
} from './bounds.ts';
import { statSettings, statWithChartBody } from './datastat.ts';
import { leaseRangeQuery } from './leasingStats.ts';
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

  it('times stay within 1970-01-01 .. 9999-12-29T23:59:59.999Z (issue 20, finding 14)', () => {
    expect(new Date(MIN_MILLIS).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date(MAX_MILLIS).toISOString()).toBe('9999-12-29T23:59:59.999Z');
    expect(ok(millisSchema, MAX_MILLIS)).toBe(true);
    expect(ok(millisSchema, MIN_MILLIS)).toBe(true);
    expect(ok(millisSchema, MAX_MILLIS + 1)).toBe(false);
    expect(ok(millisSchema, -1)).toBe(false);
    for (const v of ['8640000000000000', '-8640000000000000', '253402300800000', '-1'])
      expect(ok(millisParam, v), v).toBe(false);
    expect(millisParam.parse(String(MAX_MILLIS))).toBe(MAX_MILLIS);
    // The local day of the last time, and the day after it, keep four-digit years in every zone.
    for (const timeZone of ['Pacific/Kiritimati', 'Asia/Shanghai', 'UTC', 'Etc/GMT+12']) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(MAX_MILLIS);
      expect(day, timeZone).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
      expect(next, timeZone).toMatch(/^9999-12-3[01]T/);
    }
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Etc/GMT+12' }).format(MIN_MILLIS)).toBe(
      '1969-12-31',
    );
  });

  it('clamps a stored time into the bound', () => {
    expect(clampMillis(8_640_000_000_000_000)).toBe(MAX_MILLIS);
    expect(clampMillis(-8_640_000_000_000_000)).toBe(MIN_MILLIS);
    expect(clampMillis(Number.NaN)).toBe(MIN_MILLIS);
    expect(clampMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
  });

  it('texts refuse lone surrogates (not well-formed UTF-16), keep whole pairs (issue 20)', () => {
    for (const schema of [textSchema(20), trimmedText(20)]) {
      for (const bad of ['x\ud800', 'x\udfff', '\udc00\ud800', 'a\ud83d', '\ude80b', 'a\ud83d\ud83d'])
        expect(ok(schema, bad), JSON.stringify(bad)).toBe(false);
      for (const good of ['🚀', '1380🚀00', '丰收', 'plain', '\ud83d\ude80\ud83d\ude80'])
        expect(ok(schema, good), good).toBe(true);
    }
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
    // The filed datastat request (finding 14): an end at the Date range's limit, a start in year 10,000.
    const item = { name: 'x', periodType: 1, x: 'day', y: 'area', startTime: 1_700_000_000_000 };
    expect(ok(statWithChartBody, { ...item, endTime: 8_640_000_000_000_000 })).toBe(false);
    expect(
      ok(statSettings, { ...item, startTime: Date.UTC(10_000, 0, 1), endTime: Date.UTC(10_000, 0, 2) }),
    ).toBe(false);
    expect(ok(statSettings, { ...item, endTime: 1_700_086_400_000 })).toBe(true);
    expect(ok(leaseRangeQuery, { startTime: '-8640000000000000' })).toBe(false);
  });

  it('hold in telemetry: pilot and crop ids are int4, record times within the shared bound', () => {
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

describe('every request time field uses the shared bound', () => {
  it('refuses a time past MAX_MILLIS in each Query, Body and Params contract of the package', async () => {
    const all = (await import('../index.ts')) as Record<string, unknown>;
    const checked: string[] = [];
    for (const [name, schema] of Object.entries(all)) {
      if (!/(Query|Body|Params)$/.test(name)) continue;
      const shape = (
        schema as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> }
      )?.shape;
      if (!shape || typeof shape !== 'object') continue;
      for (const [key, field] of Object.entries(shape)) {
        if (!/(^time|Time|At)$/.test(key)) continue;
        checked.push(`${name}.${key}`);
        for (const v of [MAX_MILLIS + 1, String(MAX_MILLIS + 1), -1, '-1'])
          expect(field.safeParse(v).success, `${name}.${key} = ${v}`).toBe(false);
      }
    }
    expect(checked.length).toBeGreaterThan(10);
  });
});
