/**
 * WeChat Pay Native (APIv3) for QR recharges, on node:crypto and fetch:
 * - create: POST {base}/v3/pay/transactions/native -> { code_url } (the QR text);
 * - query: GET {base}/v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=;
 * - requests are signed "WECHATPAY2-SHA256-RSA2048" with the merchant private key over
 *   "METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n";
 * - answers and notifications are verified first: Wechatpay-Serial must be the configured platform
 *   key id, Wechatpay-Timestamp within 5 minutes, Wechatpay-Signature an RSA-SHA256 signature by
 *   the platform public key over "timestamp\nnonce\nbody\n" (the exact bytes);
 * - a notification's resource is AEAD_AES_256_GCM encrypted with the APIv3 key; only trade_state
 *   SUCCESS pays. Amounts are fen (CNY only).
 */
import { createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderOrder } from './provider.ts';

export const WECHATPAY_DEFAULT_BASE = 'https://api.mch.weixin.qq.com';
const SKEW_S = 300;

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** The merchant certificate's serial number (serial_no of our signatures). */
  merchantSerial: string;
  privateKey: KeyObject;
  /** The 32-byte APIv3 key. */
  apiV3Key: string;
  platformPublicKey: KeyObject;
  /** The Wechatpay-Serial the platform's signatures carry (the public key id, PUB_KEY_ID_...). */
  platformKeyId: string;
  notifyUrl: string;
  baseUrl: string;
  /** The clock (s), for tests. */
  now?: () => number;
}

interface Transaction {
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** "2026-11-25T10:34:56+08:00": WeChat's time_expire (RFC 3339, China time). */
export function rfc3339China(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

export function decryptResource(
  apiV3Key: string,
  r: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  d.setAuthTag(data.subarray(data.length - 16));
  d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
}

function stateOf(t: Transaction): ProviderOrder {
  const state =
    t.trade_state === 'SUCCESS'
      ? 'paid'
      : ['CLOSED', 'REVOKED', 'PAYERROR'].includes(t.trade_state ?? '')
        ? 'closed'
        : 'pending';
  return {
    state,
    providerTxnId: t.transaction_id ?? null,
    amountMinor: t.amount?.total,
    currency: t.amount?.currency,
  };
}

export function wechatPayProvider(cfg: WechatPayConfig): PaymentProvider {
  const now = cfg.now ?? (() => Math.floor(Date.now() / 1000));
  const base = cfg.baseUrl.replace(/\/+$/, '');

  function authorization(method: string, pathQuery: string, body: string) {
    const ts = String(now());
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${pathQuery}\n${ts}\n${nonce}\n${body}\n`)
      .sign(cfg.privateKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${ts}",serial_no="${cfg.merchantSerial}"`;
  }

  /** null when the platform signed `body` under these headers; else why not. */
  function refusal(h: Record<string, string | string[] | undefined>, body: string): string | null {
    const ts = header(h, 'wechatpay-timestamp');
    const nonce = header(h, 'wechatpay-nonce');
    const sig = header(h, 'wechatpay-signature');
    const serial = header(h, 'wechatpay-serial');
    if (!ts || !nonce || !sig || !serial) return 'missing signature headers';
    if (serial !== cfg.platformKeyId) return 'unknown Wechatpay-Serial';
    if (!/^\d{1,12}$/.test(ts) || Math.abs(now() - Number(ts)) > SKEW_S) return 'timestamp out of range';
    try {
      const good = createVerify('RSA-SHA256')
        .update(`${ts}\n${nonce}\n${body}\n`)
        .verify(cfg.platformPublicKey, sig, 'base64');
      return good ? null : 'bad signature';
    } catch {
      return 'bad signature';
    }
  }

  async function call(method: 'GET' | 'POST', pathQuery: string, payload?: unknown): Promise<unknown> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetch(`${base}${pathQuery}`, {
      method,
      headers: {
        authorization: authorization(method, pathQuery, body),
        accept: 'application/json',
        'user-agent': 'agrifleet-leasing',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const why = refusal(headers, text);
    if (why)
      throw new Error(
        `wechatpay ${method} ${pathQuery.split('?')[0]}: answer not verified (${why}; HTTP ${res.status})`,
      );
    if (!res.ok)
      throw new Error(
        `wechatpay ${method} ${pathQuery.split('?')[0]}: HTTP ${res.status} ${text.slice(0, 200)}`,
      );
    return text ? JSON.parse(text) : {};
  }

  return {
    name: 'wechatpay',
    currencies: ['CNY'],
    async createOrder(o) {
      const answer = (await call('POST', '/v3/pay/transactions/native', {
        appid: cfg.appid,
        mchid: cfg.mchid,
        description: o.description.slice(0, 127),
        out_trade_no: o.outTradeNo,
        time_expire: rfc3339China(o.expiresAt),
        notify_url: cfg.notifyUrl,
        amount: { total: o.amountMinor, currency: 'CNY' },
      })) as { code_url?: unknown };
      if (typeof answer.code_url !== 'string' || !answer.code_url)
        throw new Error('wechatpay: no code_url in the answer');
      return { codeUrl: answer.code_url };
    },
    async queryOrder(outTradeNo) {
      const t = (await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(cfg.mchid)}`,
      )) as Transaction;
      if (t.out_trade_no !== undefined && t.out_trade_no !== outTradeNo)
        throw new Error('wechatpay: the answer names another order');
      return stateOf(t);
    },
    async verifyNotice(n) {
      const text = n.rawBody.toString('utf8');
      const why = refusal(n.headers, text);
      if (why) return { verified: false, reason: why };
      try {
        const notice = JSON.parse(text) as {
          resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
        };
        const r = notice.resource;
        if (
          r?.algorithm !== 'AEAD_AES_256_GCM' ||
          typeof r.ciphertext !== 'string' ||
          typeof r.nonce !== 'string'
        )
          return { verified: false, reason: 'no encrypted resource' };
        const t = JSON.parse(
          decryptResource(cfg.apiV3Key, {
            ciphertext: r.ciphertext,
            nonce: r.nonce,
            associated_data: r.associated_data,
          }),
        ) as Transaction;
        if (typeof t.out_trade_no !== 'string') return { verified: false, reason: 'no out_trade_no' };
        return { verified: true, outTradeNo: t.out_trade_no, ...stateOf(t) };
      } catch {
        return { verified: false, reason: 'resource not readable' };
      }
    },
    noticeAnswer(accepted, status, message) {
      return accepted ? { status: 204, body: undefined } : { status, body: { code: 'FAIL', message } };
    },
  };
}
