/**
 * Payment providers (ARCHITECTURE "Providers"): a small interface with a local default. The sandbox
 * confirms every charge at once with a reference of its own; it is what runs unless
 * ORDER_PAYMENT_PROVIDER names another (PAYMENT_PROVIDER is the leasing recharges'). No real adapter is built yet: an unknown name stops the start
 * rather than taking money nowhere.
 */
import { randomUUID } from 'node:crypto';

export interface ChargeRequest {
  orderSn: string;
  /** Integer minor units. */
  amountMinor: number;
  currency: string;
  description: string;
}

export type ChargeResult =
  | { status: 'confirmed'; providerRef: string }
  | { status: 'failed'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  charge(req: ChargeRequest): Promise<ChargeResult>;
}

export function sandboxPayments(): PaymentProvider {
  return {
    name: 'sandbox',
    async charge() {
      return { status: 'confirmed', providerRef: `sandbox-${randomUUID()}` };
    },
  };
}

/** The provider ORDER_PAYMENT_PROVIDER names (default: sandbox). */
export function paymentProviderFrom(env: Record<string, string | undefined> = process.env): PaymentProvider {
  const name = env.ORDER_PAYMENT_PROVIDER || 'sandbox';
  if (name === 'sandbox') return sandboxPayments();
  throw new Error(`Unknown ORDER_PAYMENT_PROVIDER "${name}" (available: sandbox)`);
}

/** The yearly fee per drone: ORDER_YEARLY_FEE_MINOR (integer minor units) and ORDER_CURRENCY, else the domain's. */
export function yearlyFeeFrom(
  env: Record<string, string | undefined>,
  fallback: { amountMinor: number; currency: string },
): { amountMinor: number; currency: string } {
  const raw = env.ORDER_YEARLY_FEE_MINOR;
  const amountMinor = raw ? Number(raw) : fallback.amountMinor;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Error(`ORDER_YEARLY_FEE_MINOR must be a positive integer (minor units), got "${raw}"`);
  const currency = env.ORDER_CURRENCY || fallback.currency;
  if (!/^[A-Z]{3}$/.test(currency))
    throw new Error(`ORDER_CURRENCY must be an ISO 4217 code, got "${currency}"`);
  return { amountMinor, currency };
}
