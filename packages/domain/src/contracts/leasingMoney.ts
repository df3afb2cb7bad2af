/**
 * Leasing money (issue 13, BillList; 002 §7 rechargeRecord, deductionRecord, getAmount,
 * getWxQrCode): balances, QR recharges, their state, corrections, and the sandbox payment page.
 * Amounts in answers are integer minor units of `currency`; forms send major units. Paths are in
 * leasing.ts (RENTAL_PATHS, PAY_PATHS). See apps/server/src/modules/leasing/README.md "Money".
 */
import { z } from 'zod';
import { idParam, idSchema, millisParam, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';
import {
  CHARGE_KINDS,
  MAX_MAJOR_AMOUNT,
  MAX_RECHARGE_MAJOR,
  majorAmountSchema,
  RECHARGE_STATUSES,
} from './leasing.ts';

/** 'LR', the day (yyyyMMdd) and 16 random digits. */
export const OUT_TRADE_NO_RE = /^LR\d{24}$/;
export const outTradeNoSchema = z.string().regex(OUT_TRADE_NO_RE);
/** The QR dialog polls the recharge's state this often (ms). */
export const RECHARGE_POLL_MS = 2000;

const literalParam = <T extends readonly number[]>(values: T) =>
  z.coerce.number().refine((v) => (values as readonly number[]).includes(v));

/** Who a money call is about: a lessor names its client (accountId), a tenant its lessor (zzAccountId). */
const whoQuery = {
  accountId: idParam.optional(),
  zzAccountId: idParam.optional(),
};

export const rechargeRecordQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(500).default(20),
  ...whoQuery,
  status: literalParam(RECHARGE_STATUSES).optional(),
});
export type RechargeRecordQuery = z.infer<typeof rechargeRecordQuery>;

export const rechargeRow = z.object({
  id: z.number().int(),
  outTradeNo: z.string(),
  /** The client account. */
  accountId: z.number().int(),
  accountName: z.string(),
  /** The lessor account. */
  zzAccountId: z.number().int(),
  zzAccountName: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  /** 1 pending, 2 paid, 3 closed (RECHARGE_STATUS). */
  status: z.number().int(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
});
export type RechargeRow = z.infer<typeof rechargeRow>;
export const rechargePage = page(rechargeRow);

export const deductionRecordQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(500).default(20),
  ...whoQuery,
  kind: literalParam([CHARGE_KINDS.sortie, CHARGE_KINDS.dailyFee]).optional(),
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
});
export type DeductionRecordQuery = z.infer<typeof deductionRecordQuery>;

export const deductionRow = z.object({
  id: z.number().int(),
  /** 2 a sortie, 3 a day's base fee (CHARGE_KINDS). */
  kind: z.number().int(),
  sortieId: z.number().int().nullable(),
  /** yyyy-MM-dd of a base fee. */
  feeDay: z.string().nullable(),
  droneId: z.string(),
  leaseId: z.number().int(),
  leaseModel: z.number().int(),
  areaMu: z.number(),
  durationS: z.number(),
  amount: z.number().int(),
  currency: z.string(),
  startTime: z.number(),
  accountId: z.number().int(),
  accountName: z.string(),
});
export type DeductionRow = z.infer<typeof deductionRow>;
export const deductionPage = page(deductionRow);

export const amountQuery = z.object(whoQuery);

export const lockEvent = z.object({
  locked: z.boolean(),
  droneIds: z.array(z.string()),
  balance: z.number().int(),
  cause: z.string(),
  at: z.number(),
});
export type LockEvent = z.infer<typeof lockEvent>;

export const amountAnswer = z.object({
  balance: z.number().int(),
  currency: z.string(),
  creditLimit: z.number().int(),
  /** Some drone of the client's active leases is locked for the balance. */
  locked: z.boolean(),
  lockedDrones: z.array(z.string()),
  /** The last 20 balance locks and unlocks, newest first. */
  events: z.array(lockEvent),
});
export type AmountAnswer = z.infer<typeof amountAnswer>;

/** A recharge amount in major units: more than 0, at most MAX_RECHARGE_MAJOR. */
export const rechargeAmountSchema = majorAmountSchema
  .refine((v) => v > 0, { message: 'positive' })
  .refine((v) => v <= MAX_RECHARGE_MAJOR, { message: 'tooLarge' });

export const wxQrCodeBody = z.object({
  amount: rechargeAmountSchema,
  accountId: idSchema.optional(),
  zzAccountId: idSchema.optional(),
});
export type WxQrCodeBody = z.infer<typeof wxQrCodeBody>;
/** The answer's header naming the recharge the PNG is for. */
export const OUT_TRADE_NO_HEADER = 'x-out-trade-no';
/** With the sandbox provider: the payment page the QR code opens (a desktop opens it as a link). */
export const SANDBOX_URL_HEADER = 'x-sandbox-pay-url';

export const rechargeStateQuery = z.object({ outTradeNo: outTradeNoSchema });
export const rechargeState = z.object({
  status: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  paidAt: z.number().nullable(),
});
export type RechargeState = z.infer<typeof rechargeState>;

/** A correction in major units: not 0, at most MAX_MAJOR_AMOUNT either way, two decimals. */
export const adjustAmountSchema = z
  .number()
  .finite()
  .min(-MAX_MAJOR_AMOUNT)
  .max(MAX_MAJOR_AMOUNT)
  .refine((v) => v !== 0, { message: 'nonZero' })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'twoDecimals' });

export const adjustBalanceBody = z.object({
  accountId: idSchema,
  amount: adjustAmountSchema,
  reason: trimmedText(200).min(1),
});
export type AdjustBalanceBody = z.infer<typeof adjustBalanceBody>;
export const adjustBalanceAnswer = z.object({ balance: z.number().int(), currency: z.string() });

/** The sandbox page (public). */
export const sandboxParams = z.object({ outTradeNo: outTradeNoSchema });
export const sandboxSig = z.string().regex(/^[0-9a-f]{64}$/);
export const sandboxQuery = z.object({ sig: sandboxSig });
export const sandboxPayBody = z.object({ sig: sandboxSig });
export const sandboxInfo = z.object({
  outTradeNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.number().int(),
  /** The lessor's account name. */
  payee: z.string(),
  /** The client's account name. */
  payer: z.string(),
  paidAt: z.number().nullable(),
});
export type SandboxInfo = z.infer<typeof sandboxInfo>;
