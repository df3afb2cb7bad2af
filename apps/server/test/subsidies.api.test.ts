/**
 * Subsidies API (issue 22 #3): every call refuses without a session (401) and for an operator
 * (403); another government's subsidy is not found and its region not writable; bad input is a
 * translated 4xx; parallel computes make one subsidy per operator; a sealed subsidy cannot be
 * deleted; a spot-check draw is reproducible with its seed.
 */
import {
  SUBSIDY_CALLS,
  SUBSIDY_COMPUTE_PATH,
  SUBSIDY_LIST_PATH,
  SUBSIDY_PATH,
  SUBSIDY_RATES_PATH,
  SUBSIDY_STAT_PATH,
  SUBSIDY_SUMMARY_PATH,
  SUBSIDY_TRACK_PATH,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSealed } from '../src/modules/subsidies/check.ts';
import {
  JIANGSU,
  JIANGSU_CODE,
  type SubsidiesKit,
  strip,
  subsidiesKit,
  YEAR,
  ZHEJIANG,
  ZHEJIANG_CODE,
} from './subsidies.kit.ts';

const JUNE = Date.UTC(YEAR, 5, 10, 1);
let k: SubsidiesKit;
let subsidyA: number;
let zjSubsidy: number;

beforeAll(async () => {
  k = await subsidiesKit();
  await k.rates('government', JIANGSU_CODE, 1000);
  await k.rates('zhejiang', ZHEJIANG_CODE, 800);
  // Operator A: three strips apart; operator B: one.
  for (let i = 0; i < 3; i++)
    await k.sortie(k.ids.operatorA, strip(JIANGSU.lng, JIANGSU.lat + i * 0.001, JUNE + i * 600_000));
  await k.sortie(k.ids.operatorB, strip(JIANGSU.lng + 0.05, JIANGSU.lat, JUNE + 3_600_000));
  await k.sortie(k.ids.operatorA, strip(ZHEJIANG.lng, ZHEJIANG.lat, JUNE + 7_200_000));
  await k.compute('government', { region: JIANGSU_CODE });
  await k.compute('zhejiang', { region: ZHEJIANG_CODE });
  const list = await k.call('platform', 'GET', `${SUBSIDY_LIST_PATH}?year=${YEAR}&pageSize=100`);
  const rows = list.json().data.records as { subsidyId: number; region: number; yyAccountId: number }[];
  subsidyA = rows.find((r) => r.region === JIANGSU_CODE && r.yyAccountId === k.ids.operatorA)
    ?.subsidyId as number;
  zjSubsidy = rows.find((r) => r.region === ZHEJIANG_CODE)?.subsidyId as number;
  expect(subsidyA).toBeGreaterThan(0);
  expect(zjSubsidy).toBeGreaterThan(0);
}, 120_000);
afterAll(() => k?.t.close());

const one = (id: number, call = '') => `${SUBSIDY_PATH}/${id}${call ? `/${call}` : ''}`;
const calls = (): [string, string, unknown?][] => [
  ['GET', `${SUBSIDY_LIST_PATH}?year=${YEAR}`],
  ['GET', `${SUBSIDY_SUMMARY_PATH}?year=${YEAR}`],
  ['GET', `${SUBSIDY_STAT_PATH}?year=${YEAR}`],
  ['GET', `${SUBSIDY_TRACK_PATH}/${subsidyA}`],
  ['GET', one(subsidyA)],
  ['GET', one(subsidyA, SUBSIDY_CALLS.sorties)],
  ['GET', one(subsidyA, SUBSIDY_CALLS.check)],
  ['GET', `${SUBSIDY_RATES_PATH}?year=${YEAR}`],
  ['POST', SUBSIDY_COMPUTE_PATH, { year: YEAR, region: JIANGSU_CODE }],
  [
    'POST',
    SUBSIDY_RATES_PATH,
    {
      region: JIANGSU_CODE,
      year: YEAR,
      rows: [{ regionCode: JIANGSU_CODE, cropId: null, terrain: 'plain', fenPerMu: 1 }],
    },
  ],
  ['POST', one(subsidyA, SUBSIDY_CALLS.seal), {}],
  ['POST', one(subsidyA, SUBSIDY_CALLS.spotCheck), { size: 1 }],
  ['PUT', `${one(subsidyA, SUBSIDY_CALLS.spotCheck)}/1`, { result: 'passed' }],
  ['DELETE', one(subsidyA)],
];

describe('subsidies API', () => {
  it('answers 401 without a session and 403 to an operator, on every call', async () => {
    for (const [m, url, body] of calls()) {
      expect((await k.call(null, m, url, body)).statusCode, `${m} ${url}`).toBe(401);
      expect((await k.call('operatorA', m, url, body)).statusCode, `${m} ${url}`).toBe(403);
    }
  });

  it('refuses writes to a manufacturer, who reads the subsidies holding its drones’ sorties', async () => {
    for (const [m, url, body] of calls().filter(([m]) => m !== 'GET'))
      expect((await k.call('makerA', m, url, body)).statusCode, `${m} ${url}`).toBe(403);
    const maker = (await k.call('makerA', 'GET', `${SUBSIDY_LIST_PATH}?year=${YEAR}&pageSize=100`)).json()
      .data;
    const drones = await k.t.db
      .selectFrom('subsidy_sorties')
      .select(['subsidy_id', 'zz_account_id'])
      .execute();
    const mine = new Set(drones.filter((d) => d.zz_account_id === k.ids.makerA).map((d) => d.subsidy_id));
    expect(new Set(maker.records.map((r: { subsidyId: number }) => r.subsidyId))).toEqual(mine);
  });

  it('keeps another government’s subsidy and region out of reach', async () => {
    expect((await k.call('government', 'GET', one(zjSubsidy))).statusCode).toBe(404);
    expect((await k.call('government', 'GET', one(zjSubsidy))).statusCode).toBe(404);
    expect((await k.call('government', 'GET', `${SUBSIDY_TRACK_PATH}/${zjSubsidy}`)).statusCode).toBe(404);
    expect((await k.call('government', 'DELETE', one(zjSubsidy))).statusCode).toBe(404);
    expect((await k.call('government', 'POST', one(zjSubsidy, SUBSIDY_CALLS.seal), {})).statusCode).toBe(404);
    const c = await k.call(
      'government',
      'POST',
      SUBSIDY_COMPUTE_PATH,
      { year: YEAR, region: ZHEJIANG_CODE },
      'en',
    );
    expect(c.statusCode).toBe(403);
    expect(c.json().message).toMatch(/own region/);
    const list = (await k.call('government', 'GET', `${SUBSIDY_LIST_PATH}?year=${YEAR}&pageSize=100`)).json()
      .data;
    expect(list.records.every((r: { region: number }) => String(r.region).startsWith('15632'))).toBe(true);
    expect((await k.call('zhejiang', 'GET', one(subsidyA))).statusCode).toBe(404);
  });

  it('answers bad input with a translated 4xx', async () => {
    const zh = await k.call('government', 'POST', SUBSIDY_COMPUTE_PATH, { year: YEAR }, 'zh');
    const en = await k.call('government', 'POST', SUBSIDY_COMPUTE_PATH, { year: YEAR }, 'en');
    expect(zh.statusCode).toBe(400);
    expect(en.statusCode).toBe(400);
    expect(zh.json().message).not.toBe(en.json().message);
    const noRate = await k.call(
      'government',
      'POST',
      SUBSIDY_COMPUTE_PATH,
      { year: 2030, region: JIANGSU_CODE },
      'en',
    );
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toContain('2030');
    const noRateZh = await k.call(
      'government',
      'POST',
      SUBSIDY_COMPUTE_PATH,
      { year: 2030, region: JIANGSU_CODE },
      'zh',
    );
    expect(noRateZh.json().message).toContain('补贴标准');
    const outside = await k.call(
      'government',
      'POST',
      SUBSIDY_RATES_PATH,
      {
        region: 156320100,
        year: YEAR,
        rows: [{ regionCode: 156330000, cropId: null, terrain: 'plain', fenPerMu: 1 }],
      },
      'en',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/156330000/);
    expect((await k.call('government', 'GET', `${SUBSIDY_LIST_PATH}?year=1999`)).statusCode).toBe(400);
    expect((await k.call('government', 'GET', one(999_999))).statusCode).toBe(404);
    const notIn = await k.call(
      'government',
      'PUT',
      `${one(subsidyA, SUBSIDY_CALLS.spotCheck)}/999999`,
      { result: 'passed' },
      'en',
    );
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().message).toMatch(/not part/);
  });

  it('reads list, summary, stat, detail, sorties and track', async () => {
    const sum = (await k.call('government', 'GET', `${SUBSIDY_SUMMARY_PATH}?year=${YEAR}`)).json().data;
    expect(sum).toMatchObject({ subsidies: 2, operators: 2, sortieCount: 4 });
    expect(sum.amountFen).toBeGreaterThan(0);
    const stat = (await k.call('government', 'GET', `${SUBSIDY_STAT_PATH}?year=${YEAR}`)).json().data;
    expect(stat.records.length).toBeGreaterThan(0);
    expect(
      stat.records.every((r: { region: number }) => r.region % 100 === 0 && r.region !== JIANGSU_CODE),
    ).toBe(true);
    const d = (await k.call('government', 'GET', one(subsidyA))).json().data;
    expect(d).toMatchObject({
      sortieCount: 3,
      status: 1,
      digest: null,
      ruleVersion: expect.stringContaining('subsidyRule'),
    });
    const lines = (await k.call('government', 'GET', one(subsidyA, SUBSIDY_CALLS.sorties))).json().data;
    expect(lines.total).toBe(3);
    expect(lines.records[0]).toMatchObject({ hasTrack: true, rateFen: 1000, terrain: 'plain' });
    const track = (await k.call('government', 'GET', `${SUBSIDY_TRACK_PATH}/${subsidyA}`)).json().data;
    expect(track.sorties).toHaveLength(3);
    expect(track.sorties[0].path.length).toBeGreaterThan(10);
  });

  it('computes in parallel into one subsidy per operator, with the same amount', async () => {
    const before = (await k.call('government', 'GET', one(subsidyA))).json().data.amountFen;
    const res = await Promise.all(
      Array.from({ length: 4 }, () =>
        k.call('government', 'POST', SUBSIDY_COMPUTE_PATH, { year: YEAR, region: JIANGSU_CODE }),
      ),
    );
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    const rows = await k.t.db
      .selectFrom('subsidies')
      .select(['yy_account_id', 'amount_fen'])
      .where('programme_key', '=', `r:${JIANGSU_CODE}:${YEAR}`)
      .execute();
    expect(rows).toHaveLength(2);
    const a = rows.find((r) => r.yy_account_id === k.ids.operatorA);
    expect(Number(a?.amount_fen)).toBe(before);
  });

  it('draws a reproducible spot check, and a failed inspection takes the sortie off the paid area', async () => {
    const d1 = (
      await k.call('government', 'POST', one(subsidyA, SUBSIDY_CALLS.spotCheck), { size: 2, seed: 42 })
    ).json().data;
    const d2 = (
      await k.call('government', 'POST', one(subsidyA, SUBSIDY_CALLS.spotCheck), { size: 2, seed: 42 })
    ).json().data;
    expect(d1.spotCheck).toMatchObject({ seed: 42, size: 2 });
    expect(d1.spotCheck.sortieIds).toHaveLength(2);
    expect(d2.spotCheck.sortieIds).toEqual(d1.spotCheck.sortieIds);
    const random = (
      await k.call('government', 'POST', one(subsidyA, SUBSIDY_CALLS.spotCheck), { size: 1 })
    ).json().data;
    expect(random.spotCheck.seed).toBeGreaterThanOrEqual(0);
    const sortieId = d1.spotCheck.sortieIds[0];
    const after = await k.call('government', 'PUT', `${one(subsidyA, SUBSIDY_CALLS.spotCheck)}/${sortieId}`, {
      result: 'failed',
      note: '现场未见施药痕迹',
    });
    expect(after.statusCode, after.body).toBe(200);
    const detail = after.json().data;
    expect(detail.byReason.spotCheckFailed).toBeGreaterThan(0);
    expect(detail.paidMu).toBeLessThan(detail.qualifiedMu);
    const lines = (
      await k.call('government', 'GET', `${one(subsidyA, SUBSIDY_CALLS.sorties)}?reason=spotCheckFailed`)
    ).json().data;
    expect(lines.records).toHaveLength(1);
    expect(lines.records[0]).toMatchObject({ sortieId, spotCheck: 'failed', paidMu: 0, amountFen: 0 });
    // A recompute keeps the outcome.
    await k.compute('government', { region: JIANGSU_CODE });
    const again = (await k.call('government', 'GET', one(subsidyA))).json().data;
    expect(again.byReason.spotCheckFailed).toBe(detail.byReason.spotCheckFailed);
  });

  it('seals: the digest is in the log, the check holds, a tampered sortie area is found; sealed cannot be deleted', async () => {
    const sealed = await k.call('government', 'POST', one(subsidyA, SUBSIDY_CALLS.seal), {});
    expect(sealed.statusCode, sealed.body).toBe(200);
    const d = sealed.json().data;
    expect(d.status).toBe(2);
    expect(d.digest).toMatch(/^[0-9a-f]{64}$/);
    const log = await k.t.db
      .selectFrom('system_logs')
      .select(['detail', 'hash'])
      .where('action', 'like', '%/seal')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.detail).toMatchObject({ digest: d.digest, subsidyId: subsidyA });
    expect(log.hash).toBeTruthy();
    const ok = (await k.call('government', 'GET', one(subsidyA, SUBSIDY_CALLS.check))).json().data;
    expect(ok).toMatchObject({ sealed: true, ok: true, inLog: true, problems: [], recomputed: d.digest });
    expect((await k.call('government', 'POST', one(subsidyA, SUBSIDY_CALLS.seal), {})).statusCode).toBe(409);
    const del = await k.call('government', 'DELETE', one(subsidyA), undefined, 'en');
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/sealed/);
    // A recompute keeps it as it is.
    const r = await k.compute('government', { region: JIANGSU_CODE });
    expect(r).toMatchObject({ keptSealed: 1, subsidies: 1 });
    expect((await k.call('government', 'GET', one(subsidyA))).json().data.digest).toBe(d.digest);

    const line = await k.t.db
      .selectFrom('subsidy_sorties')
      .select('sortie_id')
      .where('subsidy_id', '=', subsidyA)
      .executeTakeFirstOrThrow();
    await k.t.db
      .updateTable('sorties')
      .set((eb) => ({ area_mu: eb('area_mu', '+', 1) }))
      .where('sortie_id', '=', line.sortie_id)
      .execute();
    const bad = (await k.call('government', 'GET', one(subsidyA, SUBSIDY_CALLS.check))).json().data;
    expect(bad.ok).toBe(false);
    expect(bad.problems).toContain(`sortie ${line.sortie_id} area`);
    // npm run subsidy:check runs the same check over every sealed subsidy.
    const script = await checkSealed(k.t.db);
    expect(script.map((c) => [c.subsidyId, c.ok])).toEqual([[subsidyA, false]]);
    // A changed line is a changed digest.
    await k.t.db
      .updateTable('subsidy_sorties')
      .set({ paid_mu: 999 })
      .where('sortie_id', '=', line.sortie_id)
      .execute();
    const worse = (await k.call('government', 'GET', one(subsidyA, SUBSIDY_CALLS.check))).json().data;
    expect(worse.problems).toContain('evidence digest');
  });

  it('deletes an unsealed subsidy with its log row', async () => {
    const b = (await k.call('government', 'GET', `${SUBSIDY_LIST_PATH}?year=${YEAR}&status=1`)).json().data
      .records[0];
    const res = await k.call('government', 'DELETE', one(b.subsidyId));
    expect(res.statusCode, res.body).toBe(200);
    expect((await k.call('government', 'GET', one(b.subsidyId))).statusCode).toBe(404);
    const log = await k.t.db
      .selectFrom('system_logs')
      .select(['result'])
      .where('action', 'like', 'DELETE /api/drone/subsidy%')
      .where('target', 'like', `%${b.subsidyId}%`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.result).toBe(200);
  });

  it('lists rate versions and keeps every version', async () => {
    await k.rates('government', JIANGSU_CODE, 1200);
    const list = (await k.call('government', 'GET', `${SUBSIDY_RATES_PATH}?year=${YEAR}`)).json().data
      .records;
    expect(list.filter((v: { region: number }) => v.region === JIANGSU_CODE).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(list.some((v: { region: number }) => v.region === ZHEJIANG_CODE)).toBe(false);
    await expect(
      k.t.db
        .updateTable('subsidy_rate_versions')
        .set({ remark: 'x' })
        .where('region_code', '=', JIANGSU_CODE)
        .execute(),
    ).rejects.toThrow(/never updated/);
  });
});
