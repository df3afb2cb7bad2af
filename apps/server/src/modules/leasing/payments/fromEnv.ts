/**
 * The leasing payment provider the environment names: LEASE_PAYMENT_PROVIDER, else
 * PAYMENT_PROVIDER, else 'sandbox'. 'wechatpay' needs every WECHATPAY_* variable (README "Money");
 * a missing one, an unreadable key file or an unknown provider name stops the start.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { LeasePaymentProvider } from './provider.ts';
import { type SandboxPayments, sandboxProvider } from './sandbox.ts';
import { WECHATPAY_DEFAULT_BASE, wechatPayProvider } from './wechatpay.ts';

export const WECHATPAY_VARS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHATPAY_PLATFORM_KEY_ID',
  'WECHATPAY_NOTIFY_URL',
] as const;

export interface LeasePayments {
  /** The provider new recharges use. */
  active: LeasePaymentProvider;
  /** The sandbox when it is the active provider (its page and its signatures), else null: a real
   * provider's deployment pays nothing through the sandbox page. */
  sandbox: SandboxPayments | null;
  byName(name: string): LeasePaymentProvider | null;
}

function keyFile(env: Record<string, string | undefined>, name: string, kind: 'private' | 'public') {
  const path = env[name] as string;
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`${name}: cannot read ${path} (${(err as Error).message})`);
  }
  try {
    return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (err) {
    throw new Error(`${name}: ${path} is not a PEM ${kind} key (${(err as Error).message})`);
  }
}

export function leasePaymentsFrom(env: Record<string, string | undefined>, jwtSecret: string): LeasePayments {
  const name = env.LEASE_PAYMENT_PROVIDER || env.PAYMENT_PROVIDER || 'sandbox';
  let active: LeasePaymentProvider;
  let sandbox: SandboxPayments | null = null;
  if (name === 'sandbox') {
    sandbox = sandboxProvider(jwtSecret);
    active = sandbox;
  } else if (name === 'wechatpay') {
    const missing = WECHATPAY_VARS.filter((v) => !env[v]?.trim());
    if (missing.length)
      throw new Error(
        `PAYMENT_PROVIDER=wechatpay needs ${missing.join(', ')} (see modules/leasing/README.md "Money")`,
      );
    const apiV3Key = env.WECHATPAY_APIV3_KEY as string;
    if (Buffer.byteLength(apiV3Key, 'utf8') !== 32)
      throw new Error('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
    const baseUrl = env.WECHATPAY_BASE_URL || WECHATPAY_DEFAULT_BASE;
    if (!/^https?:\/\//.test(baseUrl))
      throw new Error(`WECHATPAY_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
    active = wechatPayProvider({
      mchid: (env.WECHATPAY_MCHID as string).trim(),
      appid: (env.WECHATPAY_APPID as string).trim(),
      merchantSerial: (env.WECHATPAY_MERCHANT_SERIAL as string).trim(),
      privateKey: keyFile(env, 'WECHATPAY_PRIVATE_KEY_FILE', 'private'),
      apiV3Key,
      platformPublicKey: keyFile(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE', 'public'),
      platformKeyId: (env.WECHATPAY_PLATFORM_KEY_ID as string).trim(),
      notifyUrl: (env.WECHATPAY_NOTIFY_URL as string).trim(),
      baseUrl,
    });
  } else throw new Error(`Unknown PAYMENT_PROVIDER "${name}" for leasing (available: sandbox, wechatpay)`);
  const only = active;
  return { active, sandbox, byName: (n) => (n === only.name ? only : null) };
}
