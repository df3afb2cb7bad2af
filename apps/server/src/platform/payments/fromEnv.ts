/**
 * The payment provider the environment names for a purpose (issue 13 "Money", issue 20):
 * - leasing recharges: LEASE_PAYMENT_PROVIDER, else PAYMENT_PROVIDER, else 'sandbox';
 * - service-fee orders: ORDER_PAYMENT_PROVIDER, else PAYMENT_PROVIDER, else 'sandbox'.
 * 'wechatpay' needs every WECHATPAY_* variable (modules/leasing/README.md "Money"; orders notify at
 * WECHATPAY_ORDER_NOTIFY_URL, by default WECHATPAY_NOTIFY_URL with the orders' notify path). A missing
 * one, an unreadable key file, an unknown name, or the sandbox under NODE_ENV=production without
 * ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1 (platform/sandboxes.ts) stops the start.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ORDER_NOTIFY_PATH, PAY_PATHS, SANDBOX_PAY_PAGE } from '@agrifleet/domain';
import { refuseSandboxes, type SandboxInUse, type SandboxPolicy } from '../sandboxes.ts';
import type { PaymentProvider } from './provider.ts';
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

export type PaymentPurpose = 'leasing' | 'orders';

type Env = Record<string, string | undefined>;

/** The variables naming a purpose's provider, first that is set wins. */
const NAME_VARS: Record<PaymentPurpose, readonly string[]> = {
  leasing: ['LEASE_PAYMENT_PROVIDER', 'PAYMENT_PROVIDER'],
  orders: ['ORDER_PAYMENT_PROVIDER', 'PAYMENT_PROVIDER'],
};

/** The variable that names a purpose's provider (null: none, the default 'sandbox'). */
const namingVar = (env: Env, purpose: PaymentPurpose) =>
  NAME_VARS[purpose].find((v) => env[v]?.trim()) ?? null;

/** The provider's name for a purpose (default 'sandbox'). */
export function paymentProviderName(env: Env, purpose: PaymentPurpose): string {
  const v = namingVar(env, purpose);
  return v ? (env[v] as string).trim() : 'sandbox';
}

const sandboxOf = (purpose: PaymentPurpose): SandboxInUse => ({
  what: `${purpose === 'leasing' ? 'leasing recharges' : 'service-fee orders'} on the sandbox payment provider`,
  fix: 'PAYMENT_PROVIDER=wechatpay and the WECHATPAY_* variables',
});

/** The sandboxes the payment variables leave in use (for config.ts's production check). */
export function paymentSandboxesInUse(env: Env): SandboxInUse[] {
  return (['leasing', 'orders'] as const)
    .filter((p) => paymentProviderName(env, p) === 'sandbox')
    .map(sandboxOf);
}

export interface Payments {
  /** The provider new payments use. */
  active: PaymentProvider;
  /** The sandbox when it is the active provider (its page and its signatures), else null: a real
   * provider's deployment pays nothing through the sandbox page (its routes are not registered). */
  sandbox: SandboxPayments | null;
  byName(name: string): PaymentProvider | null;
}

/** What the factory needs of the configuration (Config has all of it). */
export interface PaymentsConfig extends SandboxPolicy {
  jwtSecret: string;
}

/** Sandbox signatures per purpose: a leasing page's signature never confirms an order. */
const SANDBOX_LABEL: Record<PaymentPurpose, string> = {
  leasing: 'agrifleet:leasing:sandbox-pay:v1',
  orders: 'agrifleet:orders:sandbox-pay:v1',
};

const LEASE_NOTIFY_SUFFIX = `${PAY_PATHS.notify}/wechatpay`;

/** Where WeChat Pay notifies a purpose's payments. */
function notifyUrlFor(env: Env, purpose: PaymentPurpose): string {
  const leasing = (env.WECHATPAY_NOTIFY_URL as string).trim();
  if (purpose === 'leasing') return leasing;
  const own = env.WECHATPAY_ORDER_NOTIFY_URL?.trim();
  if (own) return own;
  if (leasing.endsWith(LEASE_NOTIFY_SUFFIX))
    return `${leasing.slice(0, -LEASE_NOTIFY_SUFFIX.length)}${ORDER_NOTIFY_PATH}/wechatpay`;
  throw new Error(
    `Orders on wechatpay need WECHATPAY_ORDER_NOTIFY_URL (the public URL of POST ${ORDER_NOTIFY_PATH}/wechatpay): WECHATPAY_NOTIFY_URL does not end in ${LEASE_NOTIFY_SUFFIX}`,
  );
}

function keyFile(env: Env, name: string, kind: 'private' | 'public') {
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

export function paymentsFrom(env: Env, purpose: PaymentPurpose, cfg: PaymentsConfig): Payments {
  const name = paymentProviderName(env, purpose);
  let active: PaymentProvider;
  let sandbox: SandboxPayments | null = null;
  if (name === 'sandbox') {
    refuseSandboxes(cfg, [sandboxOf(purpose)]);
    sandbox = sandboxProvider(cfg.jwtSecret, { label: SANDBOX_LABEL[purpose], page: SANDBOX_PAY_PAGE });
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
      notifyUrl: notifyUrlFor(env, purpose),
      baseUrl,
    });
  } else
    throw new Error(
      `Unknown ${namingVar(env, purpose)} "${name}" for ${purpose} (available: sandbox, wechatpay)`,
    );
  const only = active;
  return { active, sandbox, byName: (n) => (n === only.name ? only : null) };
}
