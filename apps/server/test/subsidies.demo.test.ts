/**
 * Demo subsidies (demo/subsidies.ts): a rate table for Jiangsu and the year, and the regional
 * scheme computed from the demo's sorties with deductions visible (here: a sortie without track);
 * seeding twice keeps one rate version and one subsidy per operator. On the demo's own history
 * (every sortie with its track), most of the area is paid and a few per cent is overlap.
 */
import { type DEDUCTION_REASONS, SUBSIDY_LIST_PATH, wallClock } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUBSIDY_PROVINCE, seedDemoSubsidies } from '../src/demo/subsidies.ts';
import { seedHistory } from '../src/sim/historyGen.ts';
import { createTestApp } from './helper.ts';
import { JIANGSU, type SubsidiesKit, strip, subsidiesKit } from './subsidies.kit.ts';

let k: SubsidiesKit;
const now = Date.now();
const year = wallClock(now, 'Asia/Shanghai').y;
beforeAll(async () => {
  k = await subsidiesKit();
}, 120_000);
afterAll(() => k?.t.close());

describe('demo subsidies', () => {
  it('enters a rate table and computes the province’s scheme, with deductions', async () => {
    const at = now - 3 * 3_600_000;
    await k.sortie(k.ids.operatorA, strip(JIANGSU.lng, JIANGSU.lat, at));
    await k.sortie(k.ids.operatorA, strip(JIANGSU.lng, JIANGSU.lat + 0.01, at + 600_000), { track: false });
    await k.sortie(k.ids.operatorB, strip(JIANGSU.lng + 0.02, JIANGSU.lat, at));
    const first = await seedDemoSubsidies(k.t.db, { timeZone: 'Asia/Shanghai', now });
    expect(first).toMatchObject({ subsidies: 2, sorties: 3 });
    expect(first.amountFen).toBeGreaterThan(0);
    await seedDemoSubsidies(k.t.db, { timeZone: 'Asia/Shanghai', now });
    const versions = await k.t.db
      .selectFrom('subsidy_rate_versions')
      .select('rate_version_id')
      .where('year', '=', year)
      .execute();
    expect(versions).toHaveLength(1);
    const list = (
      await k.call('government', 'GET', `${SUBSIDY_LIST_PATH}?year=${year}&region=${DEMO_SUBSIDY_PROVINCE}`)
    ).json().data;
    expect(list.total).toBe(2);
    const a = list.records.find((r: { yyAccountId: number }) => r.yyAccountId === k.ids.operatorA);
    expect(a.byReason.noTrack).toBeGreaterThan(0);
    expect(a.paidMu).toBeLessThan(a.monitoredMu);
  });
});

describe('demo subsidies on the demo history', () => {
  it('pays most of the area, with a few per cent of overlap and nothing for want of a track', async () => {
    const t = await createTestApp();
    try {
      // The demo history's settings (sim/historyGen.ts demoHistory), fewer sorties.
      await seedHistory(t.db, {
        sorties: 1200,
        days: 365,
        seed: 1,
        tracksDays: 2,
        templates: 60,
        templateTracks: true,
        rollups: { timeZone: 'Asia/Shanghai' },
        now,
      });
      await seedDemoSubsidies(t.db, { timeZone: 'Asia/Shanghai', now });
      const rows = await t.db
        .selectFrom('subsidies')
        .select(['monitored_mu', 'paid_mu', 'by_reason'])
        .where('programme_key', 'like', 'r:%')
        .execute();
      expect(rows.length).toBeGreaterThan(1);
      const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
      const monitored = sum((r) => r.monitored_mu);
      const reason = (k: (typeof DEDUCTION_REASONS)[number]) =>
        sum((r) => (r.by_reason as Record<string, number>)[k] ?? 0);
      expect(monitored).toBeGreaterThan(500);
      expect(sum((r) => r.paid_mu) / monitored).toBeGreaterThan(0.85);
      expect(reason('noTrack')).toBe(0);
      expect(reason('overlap')).toBeGreaterThan(0);
      expect(reason('overlap') / monitored).toBeLessThan(0.08);
    } finally {
      await t.close();
    }
  }, 180_000);
});
