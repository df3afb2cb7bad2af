/**
 * Payment providers (issue 13 "Money", issue 20): how a QR payment (a leasing recharge, a service-fee
 * order) is asked for, looked up and confirmed. The sandbox (sandbox.ts) is the local default, refused
 * in production unless ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION allows it (platform/sandboxes.ts);
 * WeChat Pay Native APIv3 (wechatpay.ts) is the real one. fromEnv.ts picks one per purpose from the
 * environment. A provider never touches the database: the module decides what a confirmed payment
 * does (leasing money.service.ts applyPayment, orders orders.service.ts applyPayment).
 */

export interface CreateOrder {
  outTradeNo: string;
  /** Integer minor units of `currency`. */
  amountMinor: number;
  currency: string;
  description: string;
  expiresAt: Date;
  /** The console's origin as the request saw it (the sandbox's page lives there). */
  origin: string;
}

/** What the provider says of one order. */
export interface ProviderOrder {
  state: 'paid' | 'pending' | 'closed';
  providerTxnId: string | null;
  /** Present when the provider tells it (compared with the recharge before paying). */
  amountMinor?: number;
  currency?: string;
}

/** What a provider confirmed of one order, as the modules' applyPayment takes it. */
export const confirmationOf = (outTradeNo: string, provider: string, o: ProviderOrder) => ({
  outTradeNo,
  provider,
  providerTxnId: o.providerTxnId,
  amountMinor: o.amountMinor,
  currency: o.currency,
});

/** A notification as it came: the exact bytes (signatures cover them) and the headers. */
export interface NoticeIn {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export type NoticeResult =
  | { verified: false; reason: string }
  | ({ verified: true; outTradeNo: string } & ProviderOrder);

export interface PaymentProvider {
  readonly name: string;
  /** Currencies the provider takes (null: any). */
  readonly currencies: readonly string[] | null;
  /** Opens an order; answers the text the QR code carries. */
  createOrder(o: CreateOrder): Promise<{ codeUrl: string }>;
  /** Asks the provider for the state of an order whose notification may never have come. */
  queryOrder(outTradeNo: string): Promise<ProviderOrder>;
  /** Verifies a notification's signature (before anything else) and reads it. */
  verifyNotice(n: NoticeIn): Promise<NoticeResult>;
  /** The answer the provider expects: accepted (it stops re-sending) or refused. */
  noticeAnswer(accepted: boolean, status: number, message: string): { status: number; body: unknown };
}
