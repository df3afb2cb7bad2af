/** The demo data a fresh start creates: organisations, and the fleet telemetry will fly. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DRONE_COUNT, DEMO_MODELS } from '../src/demo/drones.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { findRegion } from '../src/modules/regions/regions.service.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo fleet', () => {
  it('has the models of both manufacturers and a few hundred drones', async () => {
    const models = await t.db.selectFrom('drone_models').selectAll().execute();
    expect(models).toHaveLength(DEMO_MODELS.length);
    const drones = await t.db.selectFrom('drones').selectAll().execute();
    expect(drones).toHaveLength(DEMO_DRONE_COUNT);
    for (const d of drones) {
      const model = models.find((m) => m.id === d.model_id);
      expect(model?.zz_account_id, d.drone_id).toBe(d.zz_account_id);
      expect(d.spray_width).toBe(model?.spray_width);
    }
  });

  it('spreads them over the demo operators, several provinces and one foreign country', async () => {
    const rows = await t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as a', 'a.id', 'd.yy_account_id')
      .select(['a.account_name', 'a.account_type', 'd.region_code'])
      .execute();
    const owners = new Set(rows.map((r) => r.account_name));
    expect(owners).toEqual(
      new Set([
        '丰收飞防服务合作社',
        '绿野植保服务队',
        '张伟',
        '极翼植保无人机有限公司',
        '云禾航空科技有限公司',
      ]),
    );
    const regions = new Set(rows.map((r) => r.region_code));
    const provinces = new Set(
      [...regions]
        .filter((c) => c !== null && Math.floor(c / 1e6) === 156)
        .map((c) => Math.floor((c as number) / 10_000)),
    );
    expect(provinces.size).toBeGreaterThanOrEqual(5);
    expect(regions).toContain(764000000);
    for (const code of regions) expect(findRegion(code as number), String(code)).not.toBeNull();
  });

  it('is not created twice', async () => {
    expect(await seedDemo(t.db)).toBe(false);
    expect(
      (
        await t.db
          .selectFrom('drones')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(DEMO_DRONE_COUNT);
  });
});
