/**
 * Owner change keeps history true (issue 10 acceptance): on generated history, last year's
 * statistics of the old and the new owner (drone statistics, the dashboards' mode and ranking calls)
 * are identical before and after maker A hands a drone from operator A to operator B; the old owner
 * still opens the drone's history and sees its own sorties, the new owner sees none of them; the
 * ownership periods are kept; ingest's directory learns the new owner at once, so a sortie flown
 * after the change belongs to the new owner.
 */
import {
  DATASTAT_BASE,
  DRONE_DETAIL_PATH,
  DRONE_OWNER_PATH,
  DRONE_STAT_PATH,
  type DroneRegistryDetail,
  STAT_CALLS,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups } from '../src/telemetry/rollups/index.ts';
import { body, fleetWithHistory, signInWith, type TestApp } from './helper.ts';

let t: TestApp;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
let drone: string;

// biome-ignore lint/suspicious/noExplicitAny: answers of several calls, compared whole
const get = async (url: string, role: string): Promise<any> => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth[role] });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return body(res).data;
};

/** Last calendar year, ms (local days of the statistics time zone are whole days inside it). */
function lastYear() {
  const y = new Date().getUTCFullYear() - 1;
  return { startTime: Date.UTC(y, 0, 1, 12), endTime: Date.UTC(y, 11, 31, 12) };
}

/** Everything an owner's statistics show for last year. */
async function statistics(role: string) {
  const { startTime, endTime } = lastYear();
  return {
    droneStat: await get(`${DRONE_STAT_PATH}?pageSize=500&startTime=${startTime}&endTime=${endTime}`, role),
    modes: await get(`${DATASTAT_BASE}/${STAT_CALLS.modeArea}?periodType=4`, role),
    rankAll: await get(`${DATASTAT_BASE}/${STAT_CALLS.droneRankTotal}`, role),
  };
}

beforeAll(async () => {
  const f = await fleetWithHistory({ sorties: 400, days: 500, seed: 11 });
  t = f.t;
  Object.assign(auth, f.auth);
  Object.assign(ids, f.ids);
  auth.operatorB = (await signInWith(t, '13800000006')).auth;
  ids.operatorB = (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '绿野植保服务队')
      .executeTakeFirstOrThrow()
  ).id;
  const { startTime, endTime } = lastYear();
  // Maker A's drone with the most sorties last year.
  const row = await t.db
    .selectFrom('sorties')
    .select(['drone_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('zz_account_id', '=', ids.makerA as number)
    .where('start_time', '>=', new Date(startTime))
    .where('start_time', '<=', new Date(endTime))
    .where('simulated', '=', false)
    .groupBy('drone_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  drone = row.drone_id;
  // It belongs to operator A for this test (its sorties so far are operator A's).
  await t.db
    .updateTable('drones')
    .set({ yy_account_id: ids.operatorA as number })
    .where('drone_id', '=', drone)
    .execute();
  await t.db
    .updateTable('sorties')
    .set({ yy_account_id: ids.operatorA as number })
    .where('drone_id', '=', drone)
    .execute();
  await t.db.deleteFrom('drone_ownerships').where('drone_id', '=', drone).execute();
  await t.db
    .insertInto('drone_ownerships')
    .values({ drone_id: drone, yy_account_id: ids.operatorA as number, valid_from: new Date(0) })
    .execute();
  await rebuildRollups(t.db);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('owner change', () => {
  it('leaves last year’s statistics of both owners unchanged', async () => {
    const beforeA = await statistics('operatorA');
    const beforeB = await statistics('operatorB');
    expect(beforeA.droneStat.records.some((r: { droneId: string }) => r.droneId === drone)).toBe(true);
    expect(beforeB.droneStat.records.some((r: { droneId: string }) => r.droneId === drone)).toBe(false);

    const res = await t.app.inject({
      method: 'POST',
      url: DRONE_OWNER_PATH,
      headers: auth.makerA,
      payload: { droneId: drone, yyAccountId: ids.operatorB },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('drones')
          .select('yy_account_id')
          .where('drone_id', '=', drone)
          .executeTakeFirstOrThrow()
      ).yy_account_id,
    ).toBe(ids.operatorB);

    expect(await statistics('operatorA')).toEqual(beforeA);
    expect(await statistics('operatorB')).toEqual(beforeB);
  });

  it('keeps the periods; the old owner still sees its sorties of the drone, the new owner not those', async () => {
    const periods = await t.db
      .selectFrom('drone_ownerships')
      .selectAll()
      .where('drone_id', '=', drone)
      .orderBy('valid_from')
      .execute();
    expect(periods.map((p) => p.yy_account_id)).toEqual([ids.operatorA, ids.operatorB]);
    expect(periods[0]?.valid_to).not.toBeNull();
    expect(periods[1]?.valid_to).toBeNull();
    expect(periods[1]?.by_user_id).not.toBeNull();

    const history = (role: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/drone/mointor/manage/getHistoryFlyList?droneId=${drone}&pageSize=200`,
        headers: auth[role],
      });
    const old = await history('operatorA');
    expect(old.statusCode, old.body).toBe(200);
    const flown = await t.db
      .selectFrom('sorties')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('drone_id', '=', drone)
      .where('yy_account_id', '=', ids.operatorA as number)
      .executeTakeFirstOrThrow();
    expect((body(old).data as { total: number }).total).toBe(Number(flown.n));
    expect(Number(flown.n)).toBeGreaterThan(0);
    const now = await history('operatorB');
    expect(now.statusCode).toBe(200);
    expect((body(now).data as { total: number }).total).toBe(0);

    // The detail: the new owner sees only its own period, the manufacturer both.
    const mine = (await get(`${DRONE_DETAIL_PATH}?droneId=${drone}`, 'operatorB')) as DroneRegistryDetail;
    expect(mine.owners.map((o) => o.yyAccountId)).toEqual([ids.operatorB]);
    const maker = (await get(`${DRONE_DETAIL_PATH}?droneId=${drone}`, 'makerA')) as DroneRegistryDetail;
    expect(maker.owners.map((o) => o.yyAccountId)).toEqual([ids.operatorB, ids.operatorA]);
  });

  it('reaches ingest at once: the directory answers the new owner', async () => {
    const directory = t.app.telemetry.directory;
    // Cached before a change back to operator A...
    expect((await directory.get(drone))?.yy).toBe(ids.operatorB);
    const res = await t.app.inject({
      method: 'POST',
      url: DRONE_OWNER_PATH,
      headers: auth.platform,
      payload: { droneId: drone, yyAccountId: ids.operatorA },
    });
    expect(res.statusCode, res.body).toBe(200);
    // ...the notice drops it (well within the 5-minute cache), the next lookup reads the new owner.
    await expect.poll(async () => (await directory.get(drone))?.yy, { timeout: 5000 }).toBe(ids.operatorA);
  });

  it('keeps each drone’s lifetime figures on its registry row equal to the all-time rollup, also after a rebuild', async () => {
    const diff = async () =>
      (
        await sql<{ n: string }>`
          SELECT count(*) AS n FROM drones d
          LEFT JOIN stat_drone t ON t.sk = 0 AND t.sid = 0 AND t.grain = 'a' AND t.drone_id = d.drone_id
          WHERE d.total_sorties <> coalesce(t.sorties, 0) OR abs(d.total_area_mu - coalesce(t.area_mu, 0)) > 1e-9`.execute(
          t.db,
        )
      ).rows[0]?.n;
    expect(
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM drones WHERE total_sorties > 0`.execute(t.db))
          .rows[0]?.n,
      ),
    ).toBeGreaterThan(10);
    expect(Number(await diff())).toBe(0);
    await rebuildRollups(t.db, { step: 53 });
    expect(Number(await diff())).toBe(0);
  });
});
