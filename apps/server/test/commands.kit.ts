/** Shared by the command tests: keys of named accounts, their drones, a drone's MQTT side. */
import { type CommandMessage, commandAckTopic, commandTopic } from '@agrifleet/domain';
import mqtt from 'mqtt';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { createSealer } from '../src/platform/seal.ts';
import type { TestApp } from './helper.ts';

export const MAKER_A = '极翼植保无人机有限公司';
export const MAKER_B = '云禾航空科技有限公司';

/** A new telemetry key of the named account. */
export async function keyOf(t: TestApp, accountName: string, vid: string) {
  const acc = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('account_name', '=', accountName)
    .executeTakeFirstOrThrow();
  const keys = createKeysService(t.db, createSealer(t.config.jwtSecret));
  await keys.create(acc.id, vid);
  const key = (await keys.current(acc.id)) as { vid: string; secret: string };
  return { ...key, accountId: acc.id };
}

/** The named manufacturer's drones (as made, unsold ones first), `n` of them. */
export async function dronesOf(t: TestApp, accountName: string, n = 1) {
  const rows = await t.db
    .selectFrom('drones as d')
    .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
    .select('d.drone_id')
    .where('a.account_name', '=', accountName)
    .orderBy('d.drone_id')
    .limit(n)
    .execute();
  return rows.map((r) => r.drone_id);
}

/** Polls `probe` until it answers something truthy (the test's own timeout bounds it). */
export async function until<T>(probe: () => T | Promise<T>, everyMs = 25): Promise<NonNullable<T>> {
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const commandState = async (t: TestApp, id: number) =>
  (await t.db.selectFrom('drone_commands').select('state').where('id', '=', id).executeTakeFirstOrThrow())
    .state;

export type Device = Awaited<ReturnType<typeof connectDevice>>;

/**
 * An MQTT client signed in with `key` (null: anonymous, for a broker that authenticates devices
 * itself) that collects what arrives on its drones' command topics.
 */
export async function connectDevice(
  url: string,
  key: { vid: string; secret: string } | null,
  more: mqtt.IClientOptions = {},
) {
  const client = await mqtt.connectAsync(url, {
    ...(key ? { username: key.vid, password: key.secret } : {}),
    reconnectPeriod: 0,
    ...more,
  });
  const received: Array<CommandMessage & { droneId: string }> = [];
  client.on('message', (topic, payload) => {
    const droneId = topic.split('/')[3] as string;
    received.push({ ...(JSON.parse(payload.toString()) as CommandMessage), droneId });
  });
  return {
    client,
    received,
    /** Subscribes to the drone's command topic; resolves true when granted, false when refused. */
    async subscribe(droneId: string): Promise<boolean> {
      const [grant] = await client.subscribeAsync(commandTopic(droneId), { qos: 1 }).catch(() => [undefined]);
      return grant !== undefined && grant.qos < 128;
    },
    ack(droneId: string, body: object) {
      return client.publishAsync(commandAckTopic(droneId), JSON.stringify(body), { qos: 1 });
    },
    end: () => client.endAsync(),
  };
}

/** Waits for `step` at most `ms` (teardown of sockets that may linger on a loaded machine). */
export async function bounded(step: Promise<unknown> | undefined, ms = 20_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.resolve(step).catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.warn(`teardown step still running after ${ms} ms; going on`);
        resolve();
      }, ms);
    }),
  ]);
  clearTimeout(timer);
}
