/**
 * Issue 20, finding 14: a stat item's custom range outside the times every consumer handles.
 * startStatWithChart with endTime 8640000000000000 (the Date range's end) or a start in year 10,000
 * answered 500 ("Invalid time value"); now the shared bound (MIN_MILLIS..MAX_MILLIS) answers 400.
 * An item saved before the bound with such a range is read, listed and computed clamped, never 500.
 */
import { DATASTAT_BASE, DATASTAT_ITEM_CALLS, MAX_MILLIS } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './helper.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await signIn(t, 'platform super admin')).auth;
});
afterAll(async () => {
  await t?.close();
});

const url = (call: keyof typeof DATASTAT_ITEM_CALLS, qs = '') =>
  `${DATASTAT_BASE}/${DATASTAT_ITEM_CALLS[call]}${qs}`;
const item = { name: 'range', periodType: 1, x: 'month', y: 'area' };

describe('datastat times', () => {
  it('refuses a custom range beyond the shared bound with 400, in the caller language', async () => {
    for (const range of [
      { startTime: 1_700_000_000_000, endTime: 8_640_000_000_000_000 },
      { startTime: Date.UTC(10_000, 0, 1), endTime: Date.UTC(10_000, 0, 2) },
      { startTime: -8_640_000_000_000_000, endTime: 1_700_000_000_000 },
      { startTime: 1_700_000_000_000, endTime: MAX_MILLIS + 1 },
    ]) {
      for (const save of [true, false]) {
        const res = await t.app.inject({
          method: 'POST',
          url: url('createWithChart'),
          headers: { ...auth, 'accept-language': 'en' },
          payload: { ...item, ...range, save },
        });
        expect(res.statusCode, `${JSON.stringify(range)} ${res.body}`).toBe(400);
        expect(res.json().message).toMatch(/^Invalid value for (startTime|endTime)$/);
      }
    }
    // The last time the bound allows is computed (its days lie after today: an empty axis).
    const edge = await t.app.inject({
      method: 'POST',
      url: url('createWithChart'),
      headers: auth,
      payload: { ...item, startTime: MAX_MILLIS - 86_400_000, endTime: MAX_MILLIS, save: false },
    });
    expect(edge.statusCode, edge.body).toBe(200);
    expect(edge.json().data.xKeys).toEqual([]);
  });

  it('reads an item saved with an out-of-range period clamped, never 500', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: url('create'),
      headers: auth,
      payload: { ...item, startTime: 1_700_000_000_000, endTime: 1_700_086_400_000 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const statId = created.json().data.statId as number;
    for (const [start, end] of [
      ['2026-01-01T00:00:00Z', '275760-09-13T00:00:00Z'],
      ['10000-01-01T00:00:00Z', '10000-01-02T00:00:00Z'],
      ['1000-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
    ]) {
      // Stored as text through SQL (JavaScript reads no 5- or 6-digit year without a sign).
      await t.db
        .updateTable('stat_items')
        .set((eb) => ({
          start_time: eb.cast(eb.val(start as string), 'timestamptz'),
          end_time: eb.cast(eb.val(end as string), 'timestamptz'),
        }))
        .where('stat_id', '=', statId)
        .execute();
      const detail = await t.app.inject({
        method: 'GET',
        url: url('detail', `?statId=${statId}`),
        headers: auth,
      });
      expect(detail.statusCode, `${start}..${end} ${detail.body}`).toBe(200);
      const settings = detail.json().data.settings;
      for (const v of [settings.startTime, settings.endTime]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(MAX_MILLIS);
      }
      const list = await t.app.inject({ method: 'GET', url: url('list'), headers: auth });
      expect(list.statusCode, list.body).toBe(200);
    }
  });
});
