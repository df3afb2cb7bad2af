/**
 * Commands to drones through the real composition (app + PostgreSQL + embedded broker over TCP):
 * delivery to a subscribed drone and its answers, delivery on reconnect, lock/unlock superseding,
 * the registry's lock asserted at subscription, answers and subscriptions of another account
 * refused, and a command of a rolled-back transaction never published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandState,
  connectDevice,
  type Device,
  dronesOf,
  keyOf,
  MAKER_A,
  MAKER_B,
  until,
} from './commands.kit.ts';
import { freePort } from './freePort.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let url: string;
let keyA: { vid: string; secret: string };
let keyB: { vid: string; secret: string };
let dronesA: string[];
let droneB: string;
const devices: Device[] = [];

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { MQTT_PORT: String(port) } });
  url = `mqtt://127.0.0.1:${port}`;
  keyA = await keyOf(t, MAKER_A, 'cmd-a');
  keyB = await keyOf(t, MAKER_B, 'cmd-b');
  dronesA = await dronesOf(t, MAKER_A, 6);
  [droneB] = (await dronesOf(t, MAKER_B)) as [string];
});
afterAll(async () => {
  for (const d of devices) await d.end();
  await t?.close();
});

const device = async (key: { vid: string; secret: string }) => {
  const d = await connectDevice(url, key);
  devices.push(d);
  return d;
};
const drone = (i: number) => dronesA[i] as string;

describe('commands to drones (embedded broker)', () => {
  it('reaches a subscribed drone, and its answers move the state: sent, acknowledged, done', async () => {
    const d = await device(keyA);
    expect(await d.subscribe(drone(0))).toBe(true);
    const c = await t.app.commands.send({ droneId: drone(0), type: 'lock', payload: { why: 'test' } });
    expect(c.state).toBe('pending');
    const got = await until(() => d.received.find((m) => m.id === c.id));
    expect(got).toMatchObject({
      droneId: drone(0),
      type: 'lock',
      payload: { why: 'test' },
      createdAt: c.createdAt,
    });
    expect(await until(async () => (await commandState(t, c.id)) === 'sent')).toBe(true);
    await d.ack(drone(0), { id: c.id, state: 'acknowledged' });
    await until(async () => (await commandState(t, c.id)) === 'acknowledged');
    await d.ack(drone(0), { id: c.id, state: 'done' });
    await until(async () => (await commandState(t, c.id)) === 'done');
    // A late "acknowledged" after "done" changes nothing; neither does a malformed answer.
    await d.ack(drone(0), { id: c.id, state: 'acknowledged' });
    await d.ack(drone(0), { id: c.id, state: 'bogus' });
    const [row] = await t.app.commands.list(drone(0), 1);
    expect(row).toMatchObject({ id: c.id, state: 'done', attempts: 1 });
    expect(row?.sentAt).not.toBeNull();
    expect(row?.answeredAt).not.toBeNull();
    expect(d.client.connected).toBe(true);
  });

  it('keeps a command pending while the drone is offline and delivers it when it subscribes', async () => {
    const c = await t.app.commands.send({ droneId: drone(1), type: 'settings', payload: { sprayWidth: 5 } });
    // Another command, committed after it, is published: by then the first has been looked at.
    const d0 = await device(keyA);
    await d0.subscribe(drone(0));
    const probe = await t.app.commands.send({ droneId: drone(0), type: 'pause' });
    await until(() => d0.received.find((m) => m.id === probe.id));
    expect(await commandState(t, c.id)).toBe('pending');

    const d = await device(keyA);
    expect(await d.subscribe(drone(1))).toBe(true);
    await until(() => d.received.find((m) => m.id === c.id));
    await d.ack(drone(1), { id: c.id, state: 'failed', reason: 'width out of range' });
    await until(async () => (await commandState(t, c.id)) === 'failed');
    const [row] = await t.app.commands.list(drone(1), 1);
    expect(row?.reason).toBe('width out of range');
  });

  it('re-sends a sent but unanswered command when the drone comes back', async () => {
    const first = await device(keyA);
    await first.subscribe(drone(2));
    const c = await t.app.commands.send({ droneId: drone(2), type: 'returnHome' });
    await until(() => first.received.find((m) => m.id === c.id));
    await first.end(); // gone without answering
    expect(await until(async () => (await commandState(t, c.id)) === 'sent')).toBe(true);
    const again = await device(keyA);
    await again.subscribe(drone(2));
    await until(() => again.received.find((m) => m.id === c.id));
    await again.ack(drone(2), { id: c.id, state: 'done' });
    await until(async () => (await commandState(t, c.id)) === 'done');
    expect((await t.app.commands.list(drone(2), 1))[0]?.attempts).toBe(2);
  });

  it('a lock or unlock supersedes the earlier one still pending: the drone gets only the newest', async () => {
    const lock = await t.app.commands.send({ droneId: drone(3), type: 'lock' });
    const unlock = await t.app.commands.send({ droneId: drone(3), type: 'unlock' });
    expect((await t.app.commands.list(drone(3), 5)).find((c) => c.id === lock.id)).toMatchObject({
      state: 'failed',
      reason: 'superseded',
    });
    const d = await device(keyA);
    await d.subscribe(drone(3));
    await until(() => d.received.find((m) => m.id === unlock.id));
    expect(d.received.map((m) => m.id)).not.toContain(lock.id);
    const latest = await t.app.commands.latest([drone(3)], ['lock', 'unlock']);
    expect(latest.get(drone(3))?.id).toBe(unlock.id);
  });

  it('a drone the registry holds locked is told at subscription, so a restarted drone stays locked', async () => {
    await t.db.updateTable('drones').set({ locked: true }).where('drone_id', '=', drone(4)).execute();
    const d = await device(keyA);
    await d.subscribe(drone(4));
    const lock = await until(() => d.received.find((m) => m.type === 'lock'));
    await d.ack(drone(4), { id: lock.id, state: 'done' });
    await until(async () => (await commandState(t, lock.id)) === 'done');
    // Restarted: it subscribes again and is sent the same (answered) lock again.
    await d.end();
    const restarted = await device(keyA);
    await restarted.subscribe(drone(4));
    const again = await until(() => restarted.received.find((m) => m.type === 'lock'));
    expect(again.id).toBe(lock.id);
  });

  it("refuses a subscription to another account's drone, wildcards, and answers from another account's key", async () => {
    const b = await device(keyB);
    expect(await b.subscribe(drone(5))).toBe(false);
    for (const filter of ['agrifleet/v1/drones/+/commands', 'agrifleet/#', '#']) {
      const [grant] = await b.client.subscribeAsync(filter, { qos: 1 }).catch(() => [undefined]);
      expect(grant === undefined || grant.qos >= 128).toBe(true);
    }
    const a = await device(keyA);
    await a.subscribe(drone(5));
    const c = await t.app.commands.send({ droneId: drone(5), type: 'lock' });
    await until(() => a.received.find((m) => m.id === c.id));
    expect(b.received).toEqual([]);
    // Maker B answers on A's drone's ack topic, and with A's command id on its own drone's topic.
    await b.ack(drone(5), { id: c.id, state: 'done' });
    await b.ack(droneB, { id: c.id, state: 'done' });
    // B's answers were handled before their PUBACK: A's own later answer is the first taken.
    await a.ack(drone(5), { id: c.id, state: 'acknowledged' });
    await until(async () => (await commandState(t, c.id)) === 'acknowledged');
    expect(b.client.connected).toBe(true);
  });

  it('an unanswered command times out after 24 h; a late answer is still taken', async () => {
    const c = await t.app.commands.send({ droneId: drone(1), type: 'resume' });
    const fresh = await t.app.commands.send({ droneId: drone(1), type: 'pause' });
    await t.db
      .updateTable('drone_commands')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', c.id)
      .execute();
    expect(await t.app.commands.sweep()).toBe(1);
    expect(await commandState(t, c.id)).toBe('timedOut');
    expect(await commandState(t, fresh.id)).not.toBe('timedOut');
    // Timed-out commands are not re-sent; a drone's late answer to one is still recorded.
    const d = await device(keyA);
    await d.subscribe(drone(1));
    await until(() => d.received.find((m) => m.id === fresh.id));
    expect(d.received.map((m) => m.id)).not.toContain(c.id);
    await d.ack(drone(1), { id: c.id, state: 'done' });
    await until(async () => (await commandState(t, c.id)) === 'done');
  });

  it('a command sent in a transaction that rolls back is never stored nor published', async () => {
    const d = await device(keyA);
    await d.subscribe(drone(0));
    let rolledBack = 0;
    await t.db
      .transaction()
      .execute(async (trx) => {
        rolledBack = (await t.app.commands.send({ droneId: drone(0), type: 'lock' }, trx)).id;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = await t.db
      .transaction()
      .execute((trx) => t.app.commands.send({ droneId: drone(0), type: 'unlock' }, trx));
    await until(() => d.received.find((m) => m.id === committed.id));
    expect(rolledBack).toBeGreaterThan(0);
    expect(d.received.map((m) => m.id)).not.toContain(rolledBack);
    expect(
      await t.db.selectFrom('drone_commands').select('id').where('id', '=', rolledBack).execute(),
    ).toEqual([]);
  });
});
