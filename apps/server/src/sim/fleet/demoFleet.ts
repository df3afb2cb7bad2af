/**
 * The live fleet `npm start` flies: demo drones, each over farmland of the province it is
 * registered in, sending with its manufacturer's telemetry key. Keys are created on first use
 * and also written to DATA_DIR/demo-keys/ so `npm run simulate` can send with them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { DEMO_LESSOR_FLYING, lessorOwnDrones } from '../../demo/leasing.ts';
import type { KeysService } from '../../modules/accounts/keys.service.ts';
import type { Db } from '../../platform/db.ts';
import { FARM_PLACES, type FarmPlace, type Field, fieldAreaM2, liveFleet } from '../flight/index.ts';
import { insertBlocks } from '../history/store.ts';
import { centreOf } from '../history/templates.ts';
import { type LogKey, registerSimLogKeys, simLogSecret } from './flightLogs.ts';
import { lockable } from './lock.ts';
import { type MissionDrone, missionable } from './mission.ts';
import type { KeyPair } from './senders.ts';

/** Farm place per registered province (9-digit code / 10,000). */
const PLACE_BY_PROVINCE: Record<number, string> = {
  15632: 'yancheng',
  15623: 'jiansanjiang',
  15665: 'shihezi',
  15641: 'zhoukou',
  15645: 'chongzuo',
  15634: 'funan',
  15622: 'dehui',
};

export function placeFor(regionCode: number | null): FarmPlace {
  const key =
    regionCode && Math.floor(regionCode / 1_000_000) === 764
      ? 'suphanburi'
      : (PLACE_BY_PROVINCE[Math.floor((regionCode ?? 0) / 10_000)] ?? 'yancheng');
  return FARM_PLACES.find((p) => p.key === key) ?? (FARM_PLACES[0] as FarmPlace);
}

export async function demoKey(
  keys: KeysService,
  accountId: number,
  vid: string,
  dataDir: string,
): Promise<KeyPair> {
  let key = await keys.current(accountId);
  if (!key) {
    await keys.create(accountId, vid);
    key = await keys.current(accountId);
  }
  if (!key) throw new Error(`no telemetry key for account ${accountId}`);
  const dir = join(dataDir, 'demo-keys');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${key.vid}.key`), `vid=${key.vid}\nsecret=${key.secret}\n`, { mode: 0o600 });
  return key;
}

/**
 * The operator of a demo drone marks each new field it flies as a block (as an operator draws its
 * fields in the console), so the drone's sorties there count as work on that plot.
 */
function blockRegistrar(db: Db, owners: Map<string, { yy: number | null; name: string }>, logger?: Logger) {
  return (droneId: string, field: Field) => {
    const owner = owners.get(droneId);
    if (!owner?.yy) return;
    const name = `${owner.name} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    insertBlocks(db, [
      {
        owner: owner.yy,
        name,
        areaM2: fieldAreaM2(field),
        polygon: field.polygon,
        centre: centreOf(field.polygon),
      },
    ]).catch((err: Error) => logger?.warn({ err: err.message }, 'demo block not stored'));
  };
}

/** Drones on active leases, and the first drones each lessor (a lease-model account) still holds. */
async function leasingDemoDrones(db: Db): Promise<string[]> {
  const leased = await db.selectFrom('leases').select('drone_id').where('status', '=', 1).execute();
  const lessors = await db.selectFrom('accounts').select('id').where('lease_model', 'is not', null).execute();
  const own: string[] = [];
  for (const l of lessors) own.push(...(await lessorOwnDrones(db, l.id, DEMO_LESSOR_FLYING)));
  return [...leased.map((r) => r.drone_id), ...own];
}

/**
 * `count` activated drones spread over the manufacturers and regions, grouped by manufacturer. Each
 * obeys a lock (lock.ts) and flies the plans it is sent (mission.ts) once its group's commands are
 * subscribed (commands.ts `obeyCommands`).
 */
export async function demoFleet(
  db: Db,
  keys: KeysService,
  count: number,
  dataDir: string,
  seed = 1,
  logger?: Logger,
) {
  const drones = await db
    .selectFrom('drones as d')
    .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
    .select([
      'd.drone_id',
      'd.drone_name',
      'd.zz_account_id',
      'd.yy_account_id',
      'd.region_code',
      'a.account_name',
    ])
    .where('d.activation_status', '=', 2)
    .orderBy('d.drone_id')
    .execute();
  // Drones on leases, and a few each lessor still holds (to lease in the demo), fly first; then every
  // k-th drone, so the fleet covers all models, owners and regions.
  const first = new Set(await leasingDemoDrones(db));
  const step = Math.max(1, Math.floor(drones.length / Math.max(1, count)));
  const chosen = [
    ...drones.filter((d) => first.has(d.drone_id)),
    ...drones.filter((d, i) => i % step === 0 && !first.has(d.drone_id)),
  ].slice(0, count);
  const pilots = await db.selectFrom('users').select(['id', 'account_id']).orderBy('id').execute();
  const onField = blockRegistrar(
    db,
    new Map(chosen.map((d) => [d.drone_id, { yy: d.yy_account_id, name: d.drone_name }])),
    logger,
  );
  // Every other drone carries a signing module and uploads its signed flight logs (flightLogs.ts).
  const logKeys = await registerSimLogKeys(
    db,
    simLogSecret(dataDir),
    chosen.filter((_, i) => i % 2 === 0).map((d) => d.drone_id),
  );
  const groups: Array<{
    accountId: number;
    key: KeyPair;
    drones: MissionDrone[];
    logKeys: ReadonlyMap<string, LogKey>;
  }> = [];
  for (const zz of [...new Set(chosen.map((d) => d.zz_account_id))]) {
    const mine = chosen.filter((d) => d.zz_account_id === zz);
    const fleet = liveFleet({
      count: mine.length,
      startTime: Date.now(),
      seed: seed + zz,
      droneIds: mine.map((d) => d.drone_id),
      places: mine.map((d) => placeFor(d.region_code)),
      pilotIds: mine
        .map((d) => pilots.find((p) => p.account_id === (d.yy_account_id ?? zz))?.id ?? 0)
        .filter((id) => id > 0),
      onField,
    });
    groups.push({
      accountId: zz,
      key: await demoKey(keys, zz, `demo-fleet-${zz}`, dataDir),
      drones: fleet.map((d) => missionable(lockable(d))),
      logKeys: new Map(
        mine.flatMap((d) => {
          const k = logKeys.get(d.drone_id);
          return k ? [[d.drone_id, k] as const] : [];
        }),
      ),
    });
  }
  return groups;
}
