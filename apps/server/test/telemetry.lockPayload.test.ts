/**
 * Lock and unlock commands carry the payload docs/api.md "Commands" documents, `{}`, whoever sends
 * them (issue 20 #19: the leasing balance sent `{"reason":"balance"}`, the registry's lock at
 * subscription `{"reason":"registry"}`): why the console locked a drone is the console's
 * (drones.lock_reason), a drone need not know it. Seen as the drone sees it, on its command topic
 * of the embedded broker, through the composition `npm start` uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_LOCK } from '../src/modules/leasing/balanceLocks.ts';
import { connectDevice, type Device, keyOf, MAKER_A, until } from './commands.kit.ts';
import { freePort } from './freePort.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { balance, demoClient, freeDrones, leaseDirect, rechargeDirect } from './leasing.kit.ts';

let t: TestApp;
let url: string;
let key: { vid: string; secret: string };
const devices: Device[] = [];

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { MQTT_PORT: String(port) } });
  url = `mqtt://127.0.0.1:${port}`;
  key = await keyOf(t, MAKER_A, 'lock-payload');
}, 60_000);
afterAll(async () => {
  for (const d of devices) await d.end();
  await t?.close();
});

describe('lock and unlock commands on the wire', () => {
  it('from the leasing balance carry {} (locked when short, unlocked when recharged)', async () => {
    const c = await demoClient(t, { creditLimitMinor: 0 });
    const [drone] = (await freeDrones(t, 1)) as [string];
    await leaseDirect(t, c, drone);
    const d = await connectDevice(url, key);
    devices.push(d);
    expect(await d.subscribe(drone)).toBe(true);

    const commands = t.app.commands;
    const short = -1 - (await balance(t, c.clientId));
    const locked = await rechargeDirect(t, commands, c.clientId, short, 'recharge:lock-payload-1');
    expect(locked.locked).toContain(drone);
    const lock = await until(() => d.received.find((m) => m.droneId === drone && m.type === 'lock'));
    expect(lock.payload).toEqual({});
    const row = await t.db
      .selectFrom('drones')
      .select('lock_reason')
      .where('drone_id', '=', drone)
      .executeTakeFirstOrThrow();
    expect(row.lock_reason).toBe(BALANCE_LOCK);

    const unlocked = await rechargeDirect(t, commands, c.clientId, 1, 'recharge:lock-payload-2');
    expect(unlocked.unlocked).toContain(drone);
    const unlock = await until(() => d.received.find((m) => m.droneId === drone && m.type === 'unlock'));
    expect(unlock.payload).toEqual({});
  });

  it('from the registry at subscription carry {}', async () => {
    const [drone] = (await freeDrones(t, 1)) as [string];
    await t.db.updateTable('drones').set({ locked: true }).where('drone_id', '=', drone).execute();
    const d = await connectDevice(url, key);
    devices.push(d);
    await d.subscribe(drone);
    const lock = await until(() => d.received.find((m) => m.droneId === drone && m.type === 'lock'));
    expect(lock.payload).toEqual({});
  });
});
