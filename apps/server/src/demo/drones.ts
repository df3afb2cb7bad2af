/**
 * The demo fleet: drone models of the two demo manufacturers and a few hundred drones owned by
 * the demo operators, registered in several Chinese provinces and in Thailand. Deterministic.
 * Every state of the drone list shows: activation (debugging, unactivated, activated), sale
 * (in stock, sold, returned), device types, rental models, signed and unsigned, registered and not,
 * locked (lock password DEMO_LOCK_PASSWORD), and drones that changed owner 120 days ago.
 */
import { hash as argonHash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database, DroneModelsTable } from '../platform/schema.ts';

type Model = Omit<DroneModelsTable, 'id' | 'zz_account_id' | 'created_at'> & {
  maker: string;
  prefix: string;
};

export const DEMO_MODELS: Model[] = [
  {
    maker: 'maker-a',
    prefix: 'JYP',
    model_name: 'JY-P40',
    shape: 'quad',
    power: 'electric',
    spray_width: 7,
    tank_litres: 40,
  },
  {
    maker: 'maker-a',
    prefix: 'JYX',
    model_name: 'JY-X20',
    shape: 'quad',
    power: 'electric',
    spray_width: 5,
    tank_litres: 20,
  },
  {
    maker: 'maker-a',
    prefix: 'JYT',
    model_name: 'JY-T60 Max',
    shape: 'octo',
    power: 'electric',
    spray_width: 9,
    tank_litres: 60,
  },
  {
    maker: 'maker-b',
    prefix: 'YHE',
    model_name: 'YH-E16',
    shape: 'hexa',
    power: 'electric',
    spray_width: 5.5,
    tank_litres: 16,
  },
  {
    maker: 'maker-b',
    prefix: 'YHH',
    model_name: 'YH-H30',
    shape: 'single',
    power: 'oil',
    spray_width: 8,
    tank_litres: 30,
  },
];

/** Where the demo drones are registered (9-digit region codes) and how many of every 20 go there. */
export const DEMO_REGIONS: Array<{ code: number; share: number }> = [
  { code: 156320900, share: 5 }, // Jiangsu, Yancheng
  { code: 156230000, share: 3 }, // Heilongjiang
  { code: 156650000, share: 3 }, // Xinjiang
  { code: 156411600, share: 3 }, // Henan, Zhoukou
  { code: 156340000, share: 2 }, // Anhui
  { code: 156450000, share: 2 }, // Guangxi
  { code: 764000000, share: 2 }, // Thailand
];

/** Farmland near the middle of each demo region: where its drones were last seen. */
const REGION_PLACE: Record<number, [number, number]> = {
  156320900: [120.16, 33.35],
  156230000: [126.95, 46.6],
  156650000: [86.05, 44.3],
  156411600: [114.65, 33.62],
  156340000: [117.2, 32.5],
  156450000: [108.3, 22.85],
  764000000: [100.45, 14.6],
};

export const DEMO_DRONE_COUNT = 300;
/** The password the locked demo drones were locked with. */
export const DEMO_LOCK_PASSWORD = 'lock2026';
const DAY = 86_400_000;

const OWNERS = [
  'operator-a',
  'operator-a',
  'operator-a',
  'operator-b',
  'operator-b',
  'personal',
  'own',
  'own',
];

function lastSeen(i: number, region: number) {
  const place = REGION_PLACE[region];
  if (!place || i % 25 === 24 || i % 50 === 13) return {};
  const jitter = (k: number) => (((i * 7919 + k * 104_729) % 1000) / 1000 - 0.5) * 0.3;
  return {
    last_time: new Date(Date.now() - ((i % 21) + 1) * DAY),
    last_lng: place[0] + jitter(1),
    last_lat: place[1] + jitter(2),
    last_battery: 20 + (i % 70),
  };
}

export async function seedDemoDrones(trx: Kysely<Database>, accountIds: Map<string, number>) {
  const models: Array<Model & { id: number }> = [];
  for (const m of DEMO_MODELS) {
    const { maker, prefix, ...row } = m;
    const zz = accountIds.get(maker) as number;
    const { id } = await trx
      .insertInto('drone_models')
      .values({ ...row, zz_account_id: zz })
      .returning('id')
      .executeTakeFirstOrThrow();
    models.push({ ...m, id });
  }
  const lockHash = await argonHash(DEMO_LOCK_PASSWORD);
  const regions = DEMO_REGIONS.flatMap((r) => Array.from({ length: r.share }, () => r.code));
  const rows = Array.from({ length: DEMO_DRONE_COUNT }, (_, i) => {
    // Two drones in three come from the first manufacturer.
    const makerModels = models.filter((m) => m.maker === (i % 3 === 2 ? 'maker-b' : 'maker-a'));
    const model = makerModels[i % makerModels.length] as Model & { id: number };
    const owner = OWNERS[i % OWNERS.length] as string;
    const zz = accountIds.get(model.maker) as number;
    const yy = owner === 'own' ? zz : (accountIds.get(owner) as number);
    return {
      drone_id: `${model.prefix}${String(26_000_000 + i)}`,
      drone_name: `${model.model_name}-${String(i + 1).padStart(3, '0')}`,
      model_id: model.id,
      zz_account_id: zz,
      yy_account_id: yy,
      activation_status: i % 25 === 24 ? 1 : i % 50 === 13 ? 0 : 2,
      spray_width: model.spray_width,
      // One in six is not registered yet (no registration mark: the list's regFlag 0).
      reg_mark: i % 6 === 5 ? null : `SN-${model.prefix}-${i + 1}`,
      // The manufacturer's own number, signed on three drones in four.
      zz_drone_num: i % 4 === 3 ? null : `${model.prefix}-F${String(5000 + i)}`,
      // In stock while the manufacturer holds it, sold to an operator; a few came back.
      sale_type: owner === 'own' ? 1 : i % 40 === 7 ? 3 : 2,
      device_type: i % 10 === 3 ? 2 : i % 15 === 4 ? 3 : i % 50 === 21 ? 4 : 1,
      rack_no: `R${String(100_000 + i * 7)}`,
      buyer: null,
      rental_model:
        owner === 'operator-a' && model.maker === 'maker-a' ? ([1, 2, 3, 5][i % 4] as number) : null,
      locked: i % 30 === 5,
      lock_password_hash: i % 30 === 5 ? lockHash : null,
      locked_at: i % 30 === 5 ? new Date(Date.now() - (i % 7) * DAY) : null,
      region_code: regions[i % regions.length] as number,
      // Activated drones were last seen over a field of their region in the last three weeks.
      ...lastSeen(i, regions[i % regions.length] as number),
      // Registered over the last two years, the newest last (the statistics count new drones).
      created_at: new Date(
        Date.now() - Math.round(((DEMO_DRONE_COUNT - i) / DEMO_DRONE_COUNT) * 730 * 86_400_000),
      ),
    };
  });
  await trx.insertInto('drones').values(rows).execute();
  // Owner changes 120 days ago: every 16th drone of operator A was operator B's before. The
  // trigger opened each drone's period at registration; split it at the change.
  const changed = rows.filter((_, i) => i % 16 === 0 && OWNERS[i % OWNERS.length] === 'operator-a');
  const at = new Date(Date.now() - 120 * DAY);
  for (const d of changed) {
    if (d.created_at >= at) continue;
    await trx
      .updateTable('drone_ownerships')
      .set({ valid_from: at })
      .where('drone_id', '=', d.drone_id)
      .where('valid_to', 'is', null)
      .execute();
    await trx
      .insertInto('drone_ownerships')
      .values({
        drone_id: d.drone_id,
        yy_account_id: accountIds.get('operator-b') as number,
        valid_from: d.created_at,
        valid_to: at,
      })
      .execute();
  }
}
