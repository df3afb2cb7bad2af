/**
 * WeChat Pay Native (APIv3) recharges against a local fake of the WeChat Pay API: generated RSA key
 * pairs for the merchant and the platform; the fake checks our request signatures and signs its
 * answers; notifications are encrypted (AEAD_AES_256_GCM) and signed as WeChat sends them. A paid
 * notification pays once, a replay is a duplicate, a forged one or one for an unknown order is
 * refused and changes nothing; an order whose notification never came is paid by the order query.
 * Service-fee orders pay through the same provider (issue 20 item 4): the order is paid only by a
 * signed notification, once even when ten arrive together; a mismatched amount pays nothing.
 */
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ORDER_CREATE_PATH,
  ORDER_NOTIFY_PATH,
  ORDER_PAY_PATH,
  ORDER_STATUS,
  type OrderPayAnswer,
  type OrderRow,
  PAY_PATHS,
  RENTAL_PATHS,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/messages.ts';
import { paymentsFrom, WECHATPAY_VARS } from '../src/platform/payments/fromEnv.ts';
import { decryptResource, rfc3339China } from '../src/platform/payments/wechatpay.ts';
import { body, createTestApp, signInWith, type TestApp } from './helper.ts';
import { accountId, balance, demoClient, MAKER_A, OPERATOR_A } from './leasing.kit.ts';

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000';
const APIV3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();

let t: TestApp;
let fake: Server;
let dir: string;
let clientId: number;
const auth: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
/** What the fake received: the orders opened (by out_trade_no) and refused calls. */
const orders = new Map<
  string,
  { total: number; currency: string; notify_url: string; time_expire: string }
>();
const refusedCalls: string[] = [];
/** The trade state the fake's query answers per order (default NOTPAY). */
const tradeState = new Map<string, string>();

function platformHeaders(
  text: string,
  key: KeyObject = platform.privateKey,
  serial = PLATFORM_KEY_ID,
  ts = Math.floor(Date.now() / 1000),
) {
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${text}\n`).sign(key, 'base64');
  return {
    'wechatpay-timestamp': String(ts),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': serial,
  };
}

/** Checks a request's Authorization as WeChat Pay does; null when good. */
function badAuthorization(req: IncomingMessage, text: string): string | null {
  const h = req.headers.authorization ?? '';
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(h);
  if (!m) return 'scheme';
  const f = Object.fromEntries([...(m[1] as string).matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
  if (f.mchid !== MCHID || f.serial_no !== MERCHANT_SERIAL) return 'mchid/serial';
  if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return 'timestamp';
  const msg = `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${text}\n`;
  const good = createVerify('RSA-SHA256')
    .update(msg)
    .verify(merchant.publicKey, f.signature ?? '', 'base64');
  return good ? null : 'signature';
}

function answer(res: ServerResponse, status: number, payload: unknown) {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', ...platformHeaders(text) });
  res.end(text);
}

function fakeWechat(req: IncomingMessage, res: ServerResponse) {
  let text = '';
  req.on('data', (c) => {
    text += c;
  });
  req.on('end', () => {
    const why = badAuthorization(req, text);
    if (why) {
      refusedCalls.push(why);
      return answer(res, 401, { code: 'SIGN_ERROR', message: why });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const b = JSON.parse(text);
      if (b.mchid !== MCHID || b.appid !== APPID || b.amount?.currency !== 'CNY')
        return answer(res, 400, { code: 'PARAM_ERROR', message: 'bad order' });
      orders.set(b.out_trade_no, { ...b.amount, notify_url: b.notify_url, time_expire: b.time_expire });
      return answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${b.out_trade_no.slice(-8)}` });
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)$/.exec(url.pathname);
    if (req.method === 'GET' && q && url.searchParams.get('mchid') === MCHID) {
      const no = q[1] as string;
      const o = orders.get(no);
      if (!o) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: 'no order' });
      const state = tradeState.get(no) ?? 'NOTPAY';
      return answer(res, 200, {
        appid: APPID,
        mchid: MCHID,
        out_trade_no: no,
        trade_state: state,
        ...(state === 'SUCCESS' ? { transaction_id: `42000${no.slice(-10)}` } : {}),
        amount: { total: o.total, currency: 'CNY', payer_total: o.total },
      });
    }
    answer(res, 404, { code: 'NOT_FOUND', message: 'no such call' });
  });
}

/** A notification as WeChat Pay sends it: the transaction encrypted, the body signed. */
function notification(tx: Record<string, unknown>, key = APIV3_KEY) {
  const nonce = randomBytes(6).toString('hex');
  const aad = 'transaction';
  const c = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  c.setAAD(Buffer.from(aad));
  const enc = Buffer.concat([c.update(JSON.stringify(tx), 'utf8'), c.final(), c.getAuthTag()]);
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: rfc3339China(new Date()),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: enc.toString('base64'),
      associated_data: aad,
      nonce,
    },
  });
}

const successTx = (no: string, total: number, txn = `42000${no.slice(-10)}`) => ({
  appid: APPID,
  mchid: MCHID,
  out_trade_no: no,
  transaction_id: txn,
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
});

const notify = (text: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `${PAY_PATHS.notify}/wechatpay`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: text,
  });

async function open(amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: RENTAL_PATHS.wxQrCode,
    headers: auth.makerA,
    payload: { amount, accountId: ids.operatorA },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  return String(res.headers['x-out-trade-no']);
}

const noticesOf = (no: string | null) =>
  t.db
    .selectFrom('lease_payment_notices')
    .select(['outcome', 'verified'])
    .where((eb) => (no === null ? eb('out_trade_no', 'is', null) : eb('out_trade_no', '=', no)))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  fake = createServer(fakeWechat);
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  dir = mkdtempSync(join(tmpdir(), 'wxpay-'));
  writeFileSync(join(dir, 'merchant.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(join(dir, 'platform.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }));
  Object.assign(process.env, {
    LEASE_PAYMENT_PROVIDER: 'wechatpay',
    ORDER_PAYMENT_PROVIDER: 'wechatpay',
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: APPID,
    WECHATPAY_MERCHANT_SERIAL: MERCHANT_SERIAL,
    WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'merchant.pem'),
    WECHATPAY_APIV3_KEY: APIV3_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: join(dir, 'platform.pem'),
    WECHATPAY_PLATFORM_KEY_ID: PLATFORM_KEY_ID,
    WECHATPAY_NOTIFY_URL: 'https://console.example.com/api/rental/pay/notify/wechatpay',
    WECHATPAY_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  });
  t = await createTestApp();
  auth.makerA = (await signInWith(t, '13800000003')).auth;
  auth.operatorA = (await signInWith(t, '13800000005')).auth;
  ids.makerA = await accountId(t, MAKER_A);
  ids.operatorA = await accountId(t, OPERATOR_A);
  ({ clientId } = await demoClient(t));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fake?.close(r));
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete process.env.LEASE_PAYMENT_PROVIDER;
  delete process.env.ORDER_PAYMENT_PROVIDER;
});

/** The leasing purpose's provider outside production. */
const leasePaymentsFrom = (env: Record<string, string | undefined>, jwtSecret: string) =>
  paymentsFrom(env, 'leasing', { jwtSecret, production: false, allowSandboxProviders: false });

describe('configuration', () => {
  it('a missing variable or an unknown provider stops the start with a clear message', () => {
    const env = Object.fromEntries(WECHATPAY_VARS.map((v) => [v, process.env[v]]));
    expect(() => leasePaymentsFrom({ PAYMENT_PROVIDER: 'wechatpay' }, 's')).toThrow(
      /WECHATPAY_MCHID.*WECHATPAY_NOTIFY_URL/,
    );
    expect(() =>
      leasePaymentsFrom({ ...env, PAYMENT_PROVIDER: 'wechatpay', WECHATPAY_APIV3_KEY: '' }, 's'),
    ).toThrow(/WECHATPAY_APIV3_KEY/);
    expect(() =>
      leasePaymentsFrom(
        { ...env, PAYMENT_PROVIDER: 'wechatpay', WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent' },
        's',
      ),
    ).toThrow(/WECHATPAY_PRIVATE_KEY_FILE/);
    expect(() => leasePaymentsFrom({ PAYMENT_PROVIDER: 'paypal' }, 's')).toThrow(
      /Unknown PAYMENT_PROVIDER "paypal"/,
    );
    expect(leasePaymentsFrom({}, 's').active.name).toBe('sandbox');
    expect(leasePaymentsFrom({ ...env, PAYMENT_PROVIDER: 'wechatpay' }, 's').active.name).toBe('wechatpay');
  });

  it('time_expire is RFC 3339 in China time; the resource decrypts', () => {
    expect(rfc3339China(new Date('2026-11-25T02:00:00Z'))).toBe('2026-11-25T10:00:00+08:00');
    const n = JSON.parse(notification({ a: 1 })).resource;
    expect(JSON.parse(decryptResource(APIV3_KEY, n))).toEqual({ a: 1 });
  });
});

describe('WeChat Pay Native', () => {
  it('opens the order with a signed request: the QR code carries code_url', async () => {
    const no = await open(10);
    expect(orders.get(no)).toMatchObject({
      total: 1000,
      currency: 'CNY',
      notify_url: process.env.WECHATPAY_NOTIFY_URL,
    });
    expect(orders.get(no)?.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    const row = await t.db
      .selectFrom('lease_recharges')
      .select(['code_url', 'provider', 'status'])
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      code_url: `weixin://wxpay/bizpayurl?pr=${no.slice(-8)}`,
      provider: 'wechatpay',
      status: 1,
    });
    expect(refusedCalls).toEqual([]);
  });

  it('a signed notification pays once; its replay is a duplicate', async () => {
    const no = await open(12.34);
    const before = await balance(t, clientId);
    const text = notification(successTx(no, 1234));
    const headers = platformHeaders(text);
    const res = await notify(text, headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await balance(t, clientId)).toBe(before + 1234);
    const row = await t.db
      .selectFrom('lease_recharges')
      .select(['status', 'provider_txn_id', 'txn_id'])
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
    expect(row.provider_txn_id).toBe(`42000${no.slice(-10)}`);
    const again = await notify(text, headers);
    expect(again.statusCode).toBe(204);
    expect(await balance(t, clientId)).toBe(before + 1234);
    expect(await noticesOf(no)).toEqual([
      { outcome: 'paid', verified: true },
      { outcome: 'duplicate', verified: true },
    ]);
    const state = await t.app.inject({
      method: 'GET',
      url: RENTAL_PATHS.rechargeState,
      query: { outTradeNo: no },
      headers: auth.operatorA,
    });
    expect(body(state).data).toMatchObject({ status: 2, amount: 1234, currency: 'CNY' });
    const received = await t.db
      .selectFrom('system_logs')
      .select('account_id')
      .where('action', '=', 'leasePaymentReceived')
      .where('target', '=', `outTradeNo=${no}`)
      .execute();
    expect(received.map((r) => r.account_id).sort()).toEqual([ids.makerA, ids.operatorA].sort());
  });

  it('a forged, tampered, stale or foreign-serial notification is refused (401) and changes nothing', async () => {
    const no = await open(3);
    const before = await balance(t, clientId);
    const logsBefore = (
      await t.db.selectFrom('system_logs').select('id').where('action', '=', 'leasePaymentRefused').execute()
    ).length;
    const text = notification(successTx(no, 300));
    const cases: Array<[string, Record<string, string>]> = [
      [text, platformHeaders(text, stranger.privateKey)],
      [
        text.replace('"event_type":"TRANSACTION.SUCCESS"', '"event_type":"TRANSACTION.SUCCESS" '),
        platformHeaders(text),
      ],
      [
        text,
        platformHeaders(text, platform.privateKey, PLATFORM_KEY_ID, Math.floor(Date.now() / 1000) - 3600),
      ],
      [text, platformHeaders(text, platform.privateKey, 'PUB_KEY_ID_OTHER')],
      [text, {}],
    ];
    for (const [payload, headers] of cases) {
      const res = await notify(payload, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'FAIL' });
    }
    // Signed rightly but encrypted with another key: not readable, refused.
    const wrongKey = notification(successTx(no, 300), 'z'.repeat(32));
    expect((await notify(wrongKey, platformHeaders(wrongKey))).statusCode).toBe(401);
    expect(await balance(t, clientId)).toBe(before);
    const row = await t.db
      .selectFrom('lease_recharges')
      .select('status')
      .where('out_trade_no', '=', no)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
    const refused = await t.db
      .selectFrom('system_logs')
      .select(['account_id', 'result', 'log_type'])
      .where('action', '=', 'leasePaymentRefused')
      .orderBy('id')
      .execute();
    expect(refused.length - logsBefore).toBe(cases.length + 1);
    expect(refused.at(-1)).toEqual({ account_id: null, result: 401, log_type: 2 });
    const stored = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM lease_payment_notices WHERE outcome = 'badSignature' AND NOT verified`.execute(
      t.db,
    );
    expect(Number(stored.rows[0]?.n)).toBe(cases.length + 1);
  });

  it('an unknown order or a different amount is refused (400); a non-SUCCESS state pays nothing', async () => {
    const before = await balance(t, clientId);
    const unknown = notification(successTx('LR202611259999999999999999', 100));
    const u = await notify(unknown, platformHeaders(unknown));
    expect(u.statusCode).toBe(400);
    expect(u.json()).toMatchObject({ code: 'FAIL' });
    expect(await noticesOf('LR202611259999999999999999')).toEqual([
      { outcome: 'unknownOrder', verified: true },
    ]);
    const no = await open(5);
    const short = notification(successTx(no, 1));
    expect((await notify(short, platformHeaders(short))).statusCode).toBe(400);
    const notPaid = notification({ ...successTx(no, 500), trade_state: 'NOTPAY' });
    expect((await notify(notPaid, platformHeaders(notPaid))).statusCode).toBe(204);
    expect(await noticesOf(no)).toEqual([
      { outcome: 'amountMismatch', verified: true },
      { outcome: 'notPaid', verified: true },
    ]);
    expect(await balance(t, clientId)).toBe(before);
    const refused = await t.db
      .selectFrom('system_logs')
      .select(['target', 'result'])
      .where('action', '=', 'leasePaymentRefused')
      .where('result', '=', 400)
      .orderBy('id')
      .execute();
    expect(refused).toEqual([
      { target: 'outTradeNo=LR202611259999999999999999', result: 400 },
      { target: `outTradeNo=${no}`, result: 400 },
    ]);
  });

  it('the order query pays a recharge whose notification never came (signed answers verified)', async () => {
    const no = await open(7);
    const before = await balance(t, clientId);
    await t.db
      .updateTable('lease_recharges')
      .set({ created_at: new Date(Date.now() - 45_000) })
      .where('out_trade_no', '=', no)
      .execute();
    const ask = () =>
      t.app.inject({
        method: 'GET',
        url: RENTAL_PATHS.rechargeState,
        query: { outTradeNo: no },
        headers: auth.operatorA,
      });
    expect(body(await ask()).data).toMatchObject({ status: 1 });
    tradeState.set(no, 'SUCCESS');
    expect(body(await ask()).data).toMatchObject({ status: 2, amount: 700 });
    expect(await balance(t, clientId)).toBe(before + 700);
    // Its late notification is then a duplicate.
    const late = notification(successTx(no, 700));
    expect((await notify(late, platformHeaders(late))).statusCode).toBe(204);
    expect(await noticesOf(no)).toEqual([{ outcome: 'duplicate', verified: true }]);
    expect(await balance(t, clientId)).toBe(before + 700);
    expect(refusedCalls).toEqual([]);
  });

  it('a client in another currency gets a translated 400; the ledger stays balanced', async () => {
    await t.db.updateTable('lease_clients').set({ currency: 'USD' }).where('id', '=', clientId).execute();
    for (const lang of ['en', 'zh'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: RENTAL_PATHS.wxQrCode,
        headers: { ...auth.operatorA, 'accept-language': lang },
        payload: { amount: 1 },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(translate('leaseRechargeCurrency', lang, { currencies: 'CNY' }));
    }
    await t.db.updateTable('lease_clients').set({ currency: 'CNY' }).where('id', '=', clientId).execute();
    const off =
      await sql`SELECT txn_id FROM lease_ledger GROUP BY txn_id, currency HAVING sum(amount_minor) <> 0`.execute(
        t.db,
      );
    expect(off.rows).toEqual([]);
    // The sandbox page is not served when WeChat Pay is the provider.
    const sb = await t.app.inject({
      method: 'GET',
      url: `${PAY_PATHS.sandbox}/LR202611250000000000000000`,
      query: { sig: 'a'.repeat(64) },
    });
    expect(sb.statusCode).toBe(404);
  });
});

describe('service-fee orders on WeChat Pay Native', () => {
  const orderNotify = (text: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `${ORDER_NOTIFY_PATH}/wechatpay`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: text,
    });
  let n = 0;
  async function startOrder() {
    const drone = await t.db
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', ids.makerA as number)
      .orderBy('drone_id')
      .offset(n++)
      .executeTakeFirstOrThrow();
    const created = await t.app.inject({
      method: 'POST',
      url: ORDER_CREATE_PATH,
      headers: auth.makerA,
      payload: { droneId: drone.drone_id, year: new Date().getUTCFullYear() },
    });
    const order = body(created).data as OrderRow;
    const res = await t.app.inject({
      method: 'POST',
      url: `${ORDER_PAY_PATH}/${order.orderSn}`,
      headers: auth.makerA,
    });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as OrderPayAnswer;
  }
  const statusOf = async (orderSn: string) =>
    (
      await t.db
        .selectFrom('orders')
        .select('status')
        .where('order_sn', '=', orderSn)
        .executeTakeFirstOrThrow()
    ).status;

  it('opens a Native order (the code_url is the QR) notified at the orders path; ten signed notifications pay once', async () => {
    const o = await startOrder();
    const no = o.payment?.outTradeNo as string;
    expect(o.status).toBe(ORDER_STATUS.unpaid);
    expect(o.payment).toMatchObject({
      provider: 'wechatpay',
      sandboxUrl: null,
      codeUrl: `weixin://wxpay/bizpayurl?pr=${no.slice(-8)}`,
    });
    expect(orders.get(no)).toMatchObject({
      total: o.amount,
      currency: 'CNY',
      notify_url: 'https://console.example.com/api/user/order/notify/wechatpay',
    });
    // Forged (another key): refused, unpaid.
    const text = notification(successTx(no, o.amount));
    expect((await orderNotify(text, platformHeaders(text, stranger.privateKey))).statusCode).toBe(401);
    expect(await statusOf(o.orderSn)).toBe(ORDER_STATUS.unpaid);
    // Ten at once, each signed: one pays.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => orderNotify(text, platformHeaders(text))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(204));
    expect(await statusOf(o.orderSn)).toBe(ORDER_STATUS.paid);
    const payments = await t.db
      .selectFrom('order_payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.provider', 'p.provider_ref'])
      .where('o.order_sn', '=', o.orderSn)
      .execute();
    expect(payments).toEqual([{ provider: 'wechatpay', provider_ref: `42000${no.slice(-10)}` }]);
    const rows = await sql<{ n: string }>`
      SELECT count(*) AS n FROM system_logs WHERE action = 'orderPaymentReceived' AND target = ${`orderSn=${o.orderSn}`}`.execute(
      t.db,
    );
    expect(Number(rows.rows[0]?.n)).toBe(1);
    expect(refusedCalls).toEqual([]);
  });

  it('a notification with another amount pays nothing (400)', async () => {
    const o = await startOrder();
    const no = o.payment?.outTradeNo as string;
    const text = notification(successTx(no, o.amount - 1));
    const res = await orderNotify(text, platformHeaders(text));
    expect(res.statusCode).toBe(400);
    expect(await statusOf(o.orderSn)).toBe(ORDER_STATUS.unpaid);
  });
});
