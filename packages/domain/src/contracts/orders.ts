/**
 * Orders and invoices (001 §2 OrderList, InvoiceList; §3 "Order", "Invoice info", "Invoice"; §7
 * "Orders and invoices"). See apps/server/src/modules/orders/README.md and docs/api.md.
 *
 * An order is the yearly platform service fee of one drone: `orderSn` (its number: the day, then
 * 10 random digits), `orderType` (1 a first service year of the drone, 2 a renewal: the drone has a
 * paid year before this one), `droneId`, `year`, the amount in integer minor units of its currency,
 * and its status (1 unpaid, 2 paid, 3 cancelled). One order per drone and year unless cancelled.
 * An invoice is applied for paid orders of one account not yet invoiced (orderIds); it keeps a copy of
 * the account's invoice info and the total; the platform advances its status (1 applied -> 2 issued).
 */
import { z } from 'zod';
import { droneIdSchema, idParam, idSchema, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const ORDER_BASE = '/api/user/order';
export const ORDER_LIST_PATH = `${ORDER_BASE}/list`;
export const ORDER_CREATE_PATH = `${ORDER_BASE}/create`;
/** GET `${ORDER_DETAIL_PATH}/{orderSn}` */
export const ORDER_DETAIL_PATH = `${ORDER_BASE}/detail`;
/** POST `${ORDER_PAY_PATH}/{orderSn}` */
export const ORDER_PAY_PATH = `${ORDER_BASE}/pay`;
/** POST `${ORDER_CANCEL_PATH}/{orderSn}` */
export const ORDER_CANCEL_PATH = `${ORDER_BASE}/cancel`;
/** GET the caller's drones a new order may name (the create dialog). */
export const ORDER_DRONES_PATH = `${ORDER_BASE}/drones`;
/** GET `${ORDER_PAYMENT_PATH}/{orderSn}`: the state of its payment (the QR dialog polls it; asks the provider). */
export const ORDER_PAYMENT_PATH = `${ORDER_BASE}/payment`;
/** POST `${ORDER_NOTIFY_PATH}/{provider}`: a payment provider's signed notification (public). */
export const ORDER_NOTIFY_PATH = `${ORDER_BASE}/notify`;
/** GET `${ORDER_SANDBOX_PATH}/{outTradeNo}?sig=` what the sandbox page shows; POST `{sig}` to pay (public; sandbox only). */
export const ORDER_SANDBOX_PATH = `${ORDER_BASE}/sandbox`;
export const INVOICE_BASE = '/api/user/invoice';
/** GET and PUT the account's invoice info. */
export const INVOICE_INFO_PATH = `${INVOICE_BASE}/info`;
export const INVOICE_APPLY_PATH = `${INVOICE_BASE}/apply`;
export const INVOICE_LIST_PATH = `${INVOICE_BASE}/list`;
/** PUT `${INVOICE_STATUS_PATH}/{ticketId}` (bare: advances the status). */
export const INVOICE_STATUS_PATH = `${INVOICE_BASE}/status`;

/**
 * The yearly platform service fee per drone, in minor units (fen: 36000 = 360.00 CNY). The server
 * takes ORDER_YEARLY_FEE_MINOR / ORDER_CURRENCY from its environment when set; an order keeps the
 * amount it was created with.
 */
export const ORDER_YEARLY_FEE_MINOR = 36_000;
export const ORDER_CURRENCY = 'CNY';
/** ISO 4217 currencies the console formats, with their minor-unit digits. */
export const CURRENCY_DIGITS: Record<string, number> = { CNY: 2, USD: 2, EUR: 2, THB: 2, KRW: 0, TWD: 2 };
/** An order's year: at most one year back and five ahead of the current (server-checked), within this. */
export const ORDER_MIN_YEAR = 2000;
export const ORDER_MAX_YEAR = 2100;

export const ORDER_TYPES = [1, 2] as const;
export const ORDER_STATUS = { unpaid: 1, paid: 2, cancelled: 3 } as const;
export const ORDER_STATUSES = [1, 2, 3] as const;
export const TICKET_TYPES = [1, 2] as const;
export const INVOICE_STATUS = { applied: 1, issued: 2 } as const;
export const INVOICE_STATUSES = [1, 2] as const;
/** At most this many orders on one invoice. */
export const INVOICE_MAX_ORDERS = 200;

/** The day (YYYYMMDD) and 10 random digits. */
export const ORDER_SN_RE = /^\d{18}$/;
/** A payment attempt of an order with the provider: 'OR', the orderSn and the attempt (01..99). */
export const ORDER_TRADE_NO_RE = /^OR(\d{18})(\d{2})$/;
/** A started payment (its QR code) is good for this long; meanwhile the order cannot be cancelled. */
export const ORDER_PAY_TTL_MS = 30 * 60_000;
/**
 * Taxpayer number: the 18-character unified social credit code (digits and capitals but I, O, S, V,
 * Z), or the older 15- or 20-character tax registration number (digits and capitals).
 */
export const TAX_NUM_RE = /^(?:[0-9A-HJ-NPQRTUWXY]{18}|[0-9A-Z]{15}|[0-9A-Z]{20})$/;
/** A mobile of the mainland (11 digits from 1) or any number of 9 to 11 digits. */
export const INVOICE_MOBILE_RE = /^\d{9,11}$/;
/** A company phone: a landline with its area code ("025-84567890") or a mobile. */
export const INVOICE_PHONE_RE = /^(?:\d{3,4}-?\d{7,8}(?:-\d{1,6})?|\d{9,11})$/;
/** A bank account number: 8 to 30 digits. */
export const BANK_ACCOUNT_RE = /^\d{8,30}$/;

/** Money as the console shows it: minor units and the currency. */
export function formatMoney(minor: number, currency: string, locale = 'zh-CN'): string {
  const digits = CURRENCY_DIGITS[currency] ?? 2;
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

export const orderSnSchema = z.string().regex(ORDER_SN_RE);
export const orderYearSchema = z.number().int().min(ORDER_MIN_YEAR).max(ORDER_MAX_YEAR);
const yearParam = z.coerce.number().int().min(ORDER_MIN_YEAR).max(ORDER_MAX_YEAR);
const literalParam = <T extends readonly number[]>(values: T) =>
  z.coerce.number().refine((v) => (values as readonly number[]).includes(v));

export const orderListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  orderSn: trimmedText(18).optional(),
  droneId: trimmedText(64).optional(),
  year: yearParam.optional(),
  status: literalParam(ORDER_STATUSES).optional(),
  /** 1: only paid orders not yet on an invoice (the apply dialog). */
  invoiceable: literalParam([1]).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderRow = z.object({
  orderId: z.number().int(),
  orderSn: z.string(),
  orderType: z.number().int(),
  droneId: z.string(),
  droneName: z.string().nullable(),
  year: z.number().int(),
  /** Integer minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  /** The invoice the order is on, if any. */
  ticketId: z.number().int().nullable(),
  paymentProvider: z.string().nullable(),
  paymentRef: z.string().nullable(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const orderPage = page(orderRow);
export type OrderPage = z.infer<typeof orderPage>;

export const orderCreateBody = z.object({
  droneId: droneIdSchema,
  year: orderYearSchema,
  /** Optional: the server decides it; a different one sent is refused. */
  orderType: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderSnParams = z.object({ orderSn: orderSnSchema });
export const orderTradeNoParams = z.object({ outTradeNo: z.string().regex(ORDER_TRADE_NO_RE) });

/** A started payment: the QR code to scan (a PNG data URL of `codeUrl`), until `expiresAt`. */
export const orderPayment = z.object({
  outTradeNo: z.string(),
  provider: z.string(),
  codeUrl: z.string(),
  qr: z.string(),
  /** The sandbox's page on this console (a desktop opens it without a phone); null for a real provider. */
  sandboxUrl: z.string().nullable(),
  expiresAt: z.number(),
});
export type OrderPayment = z.infer<typeof orderPayment>;
/** POST pay: the order (paid only when the provider confirms) and the payment to make, null once paid. */
export const orderPayAnswer = orderRow.extend({ payment: orderPayment.nullable() });
export type OrderPayAnswer = z.infer<typeof orderPayAnswer>;
/** GET payment: where the order's payment stands. */
export const orderPaymentState = z.object({
  orderSn: z.string(),
  status: z.number().int(),
  paidAt: z.number().nullable(),
  outTradeNo: z.string().nullable(),
  expiresAt: z.number().nullable(),
});
export type OrderPaymentState = z.infer<typeof orderPaymentState>;

export const orderDronesQuery = z.object({ keyword: trimmedText(64).optional() });
export const orderDrone = z.object({ droneId: z.string(), droneName: z.string() });
export const orderDrones = z.array(orderDrone);
export type OrderDrone = z.infer<typeof orderDrone>;

const text = (max: number) => trimmedText(max).min(1);
/** The fields of the invoice info, one by one (the web form checks them as the server does). */
export const invoiceTaxNumSchema = trimmedText(20)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(TAX_NUM_RE));
export const invoiceMobileSchema = trimmedText(11).pipe(z.string().regex(INVOICE_MOBILE_RE));
export const invoicePhoneSchema = trimmedText(20).pipe(z.string().regex(INVOICE_PHONE_RE));
export const invoiceBankAccountSchema = trimmedText(30).pipe(z.string().regex(BANK_ACCOUNT_RE));
export const invoiceBusiNameSchema = text(100);
export const invoiceGetterNameSchema = text(50);
export const invoiceAddressSchema = text(200);
export const invoiceBankSchema = text(100);
const optionalText = (max: number) =>
  trimmedText(max)
    .optional()
    .nullable()
    .transform((v) => v || null);

/**
 * Invoice info of an account (PUT body). ticketType 1: ordinary VAT invoice, 2: special VAT invoice
 * (which needs the registered address, company phone, bank and account too).
 */
export const invoiceInfoBody = z
  .object({
    ticketType: z.union([z.literal(1), z.literal(2)]),
    busiName: invoiceBusiNameSchema,
    taxNum: invoiceTaxNumSchema,
    regAddress: optionalText(200),
    contactPhone: optionalText(20).pipe(z.string().regex(INVOICE_PHONE_RE).nullable()),
    bank: optionalText(100),
    bankAccount: optionalText(30).pipe(z.string().regex(BANK_ACCOUNT_RE).nullable()),
    getterPhone: invoiceMobileSchema,
    getterName: invoiceGetterNameSchema,
    getterAddress: invoiceAddressSchema,
  })
  .superRefine((v, ctx) => {
    if (v.ticketType !== 2) return;
    for (const k of ['regAddress', 'contactPhone', 'bank', 'bankAccount'] as const)
      if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'required for a special VAT invoice' });
  });
export type InvoiceInfoBody = z.input<typeof invoiceInfoBody>;
export type InvoiceInfoValues = z.output<typeof invoiceInfoBody>;

export const invoiceInfo = z.object({
  ticketType: z.number().int(),
  busiName: z.string(),
  taxNum: z.string(),
  regAddress: z.string().nullable(),
  contactPhone: z.string().nullable(),
  bank: z.string().nullable(),
  bankAccount: z.string().nullable(),
  getterPhone: z.string(),
  getterName: z.string(),
  getterAddress: z.string(),
});
export type InvoiceInfo = z.infer<typeof invoiceInfo>;
/** GET info: null until the account saved some. */
export const invoiceInfoAnswer = invoiceInfo.extend({ updatedAt: z.number() }).nullable();

export const invoiceApplyBody = z.object({
  orderIds: z
    .array(idSchema)
    .min(1)
    .max(INVOICE_MAX_ORDERS)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate ids' }),
});
export type InvoiceApplyBody = z.infer<typeof invoiceApplyBody>;

export const invoiceListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  status: literalParam(INVOICE_STATUSES).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceRow = invoiceInfo.extend({
  ticketId: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  /** Total of its orders, integer minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.number().int(),
  orderSns: z.array(z.string()),
  createdAt: z.number(),
  issuedAt: z.number().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;
export const invoicePage = page(invoiceRow);
export type InvoicePage = z.infer<typeof invoicePage>;

export const ticketParams = z.object({ ticketId: idParam });
