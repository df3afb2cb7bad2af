/**
 * For the firmware API tests (firmware.*.test.ts): an app with the callers the access rules tell
 * apart signed in, the demo models and drones of both makers, and small helpers for the calls.
 */
import { randomBytes } from 'node:crypto';
import { FIRMWARE_PATHS } from '@agrifleet/domain';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { createTestApp, signInWith, type TestApp, type TestAppOptions } from './helper.ts';
import { multipart } from './multipart.ts';

/** Callers: the two makers and the platform may open FirmwareManage; the others may not. */
export const FIRMWARE_ROLES = {
  platform: '13800000001',
  government: '13800000002',
  makerA: '13800000003',
  makerB: '13800000004',
  operator: '13800000006',
  leaseManager: '13800000008',
  staff: '13800000009',
} as const;
export type Role = keyof typeof FIRMWARE_ROLES;
/** Roles without the screen (403 on every call). */
export const REFUSED: Role[] = ['government', 'operator', 'leaseManager'];
/** A host whose profile (the default one) hides FirmwareManage. */
export const HIDING_HOST = 'some-other-host.example';

export interface FirmwareApp {
  t: TestApp;
  /** Every route the app registered. */
  routes: RouteOptions[];
  auth: Record<Role, Record<string, string>>;
  ids: { makerA: number; makerB: number; platform: number };
  /** A model and a drone of each maker. */
  modelA: number;
  modelB: number;
  droneA: string;
  droneB: string;
}

export async function firmwareApp(opts: TestAppOptions = {}): Promise<FirmwareApp> {
  const routes: RouteOptions[] = [];
  const t = await createTestApp({
    ...opts,
    onRoute: (r) => {
      routes.push(r);
      opts.onRoute?.(r);
    },
  });
  const auth = {} as Record<Role, Record<string, string>>;
  for (const [role, phone] of Object.entries(FIRMWARE_ROLES))
    auth[role as Role] = (await signInWith(t, phone)).auth;
  const accountOf = async (phone: string) =>
    (await t.db.selectFrom('users').select('account_id').where('phone', '=', phone).executeTakeFirstOrThrow())
      .account_id;
  const ids = {
    makerA: await accountOf(FIRMWARE_ROLES.makerA),
    makerB: await accountOf(FIRMWARE_ROLES.makerB),
    platform: await accountOf(FIRMWARE_ROLES.platform),
  };
  const modelOf = async (account: number) =>
    (
      await t.db
        .selectFrom('drone_models')
        .select('id')
        .where('zz_account_id', '=', account)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const droneOf = async (account: number) =>
    (
      await t.db
        .selectFrom('drones')
        .select('drone_id')
        .where('zz_account_id', '=', account)
        .orderBy('drone_id')
        .executeTakeFirstOrThrow()
    ).drone_id;
  return {
    t,
    routes,
    auth,
    ids,
    modelA: await modelOf(ids.makerA),
    modelB: await modelOf(ids.makerB),
    droneA: await droneOf(ids.makerA),
    droneB: await droneOf(ids.makerB),
  };
}

export interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** Sends `c` as `who` (headers of a signed-in caller, or none) in `lang`. */
export function send(
  f: FirmwareApp,
  c: Call,
  who: Record<string, string> | null,
  lang = 'en',
): Promise<LightMyRequestResponse> {
  const isBuffer = Buffer.isBuffer(c.payload);
  return f.t.app.inject({
    method: c.method,
    url: c.url,
    headers: { 'accept-language': lang, ...(who ?? {}), ...(c.headers ?? {}) },
    ...(c.payload === undefined ? {} : { payload: isBuffer ? (c.payload as Buffer) : (c.payload as object) }),
  });
}

/** A made-up MCU firmware: a vector table's first words (stack pointer, reset handler) and random code. */
export function firmwareBytes(size: number): Buffer {
  const b = randomBytes(size);
  b.writeUInt32LE(0x20010000, 0);
  b.writeUInt32LE(0x08000401, 4);
  return b;
}

/** The multipart body of POST plain. */
export function plainUpload(
  name: string,
  data: Buffer | string,
  fields: Record<string, string> = {},
  fileField = 'firmware',
) {
  return multipart([
    ...Object.entries(fields).map(([k, v]) => ({ name: k, data: v })),
    { name: fileField, filename: name, type: 'application/octet-stream', data },
  ]);
}

/** POST plain as `who`. */
export async function uploadPlain(
  f: FirmwareApp,
  who: Record<string, string>,
  name: string,
  data: Buffer | string,
  fields: Record<string, string>,
  lang = 'en',
) {
  const mp = plainUpload(name, data, fields);
  return send(
    f,
    { method: 'POST', url: FIRMWARE_PATHS.plain, payload: mp.payload, headers: mp.headers },
    who,
    lang,
  );
}

/** A file as the multipart body of verifyfw (`firmware`) or verifylog (`log`). */
export function fileUpload(field: string, name: string, data: Buffer | string) {
  return multipart([{ name: field, filename: name, type: 'application/octet-stream', data }]);
}

/** GET genkey as `who`: the key id and the private key's PEM text. */
export async function genkey(f: FirmwareApp, who: Record<string, string>) {
  const res = await send(f, { method: 'GET', url: FIRMWARE_PATHS.genkey }, who);
  if (res.statusCode !== 200) throw new Error(`genkey: ${res.statusCode} ${res.body}`);
  return { keyId: String(res.headers['x-key-id']), pem: res.body, res };
}

export const dataOf = <T>(res: LightMyRequestResponse) => (res.json() as { data: T }).data;

/** The base64 body of a PEM block. */
export const pemBody = (pem: string) =>
  pem
    .split('\n')
    .filter((l) => l && !l.startsWith('-----'))
    .join('');

/** What is secret in a private key's PEM: its body after the DER prefix every such key shares. */
export const secretOf = (pem: string) => pemBody(pem).slice(24);
