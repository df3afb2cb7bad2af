/**
 * Leasing work records and basic prices (002 §2 WorkRecordList, BasicPriceList; §7 getJobRecord,
 * basicPrice list / set / currencyTypes). Paths: RENTAL_PATHS.jobRecord and BASIC_PRICE_PATHS in
 * leasing.ts. Money in answers is integer minor units with its currency; the price form sends major
 * units. See apps/server/src/modules/leasing/README.md "Work records" and "Basic prices".
 */
import { z } from 'zod';
import { idParam, idSchema, millisParam, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';
import { CHARGE_KINDS, leaseCurrencySchema, majorAmountSchema } from './leasing.ts';

/** The widest time range a work-record query may ask for. */
export const JOB_RECORD_MAX_DAYS = 400;
const DAY_MS = 86_400_000;

/**
 * GET getJobRecord. A lessor may name one of its clients (`accountId`: the client's account); a
 * tenant one of its lessors (`zzAccountId`). `kind` 2 sorties, 3 daily base fees (default both).
 */
export const jobRecordQuery = z
  .object({
    pageIndex: pageNumberParam.default(1),
    size: pageNumberParam.max(500).default(20),
    accountId: idParam.optional(),
    zzAccountId: idParam.optional(),
    droneId: trimmedText(64).optional(),
    startTime: millisParam.optional(),
    endTime: millisParam.optional(),
    kind: z.coerce
      .number()
      .int()
      .refine((v) => v === CHARGE_KINDS.sortie || v === CHARGE_KINDS.dailyFee)
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startTime === undefined || q.endTime === undefined) return;
    if (q.endTime < q.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime before startTime' });
    else if (q.endTime - q.startTime > JOB_RECORD_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: `at most ${JOB_RECORD_MAX_DAYS} days` });
  });
export type JobRecordQuery = z.infer<typeof jobRecordQuery>;

/** One charge as billed: a sortie (kind 2) or a day's base fee (kind 3). Money in minor units. */
export const jobRecordRow = z.object({
  id: z.number().int(),
  kind: z.number().int(),
  sortieId: z.number().int().nullable(),
  /** 'YYYY-MM-DD' of a daily fee. */
  feeDay: z.string().nullable(),
  droneId: z.string(),
  droneName: z.string().nullable(),
  leaseId: z.number().int(),
  leaseModel: z.number().int(),
  /** The client (tenant) account. */
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  /** The lessor account. */
  zzAccountId: z.number().int(),
  zzAccountName: z.string().nullable(),
  pilotId: z.number().int().nullable(),
  pilotName: z.string().nullable(),
  blockId: z.number().int().nullable(),
  blockName: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  areaMu: z.number(),
  durationS: z.number(),
  /** The lease's prices when billed (minor units per mu, per hour, per day). */
  muUnitPrice: z.number().int(),
  durationPrice: z.number().int(),
  dailyFee: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
});
export type JobRecordRow = z.infer<typeof jobRecordRow>;

/** Figures of the whole filtered set; money per currency. */
export const jobRecordSummary = z.object({
  count: z.number().int(),
  areaMu: z.number(),
  durationS: z.number(),
  amounts: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
});
export type JobRecordSummary = z.infer<typeof jobRecordSummary>;

export const jobRecordPage = page(jobRecordRow).extend({ summary: jobRecordSummary });
export type JobRecordPage = z.infer<typeof jobRecordPage>;

/** A basic price of one of the lessor's drone models in one currency (nulls: none set yet). */
export const basicPriceRow = z.object({
  id: z.number().int().nullable(),
  modelId: z.number().int(),
  modelName: z.string(),
  currency: z.string().nullable(),
  dailyFee: z.number().int().nullable(),
  muUnitPrice: z.number().int().nullable(),
  durationPrice: z.number().int().nullable(),
  updatedAt: z.number().nullable(),
});
export type BasicPriceRow = z.infer<typeof basicPriceRow>;
export const basicPriceList = z.array(basicPriceRow);

/** At most this many prices in one set. */
export const BASIC_PRICE_MAX_SET = 100;

/** One price as the form sends it: major units (12.5 CNY). */
export const basicPriceInput = z.object({
  modelId: idSchema,
  currency: leaseCurrencySchema,
  dailyFee: majorAmountSchema,
  muUnitPrice: majorAmountSchema.optional(),
  durationPrice: majorAmountSchema.optional(),
});
export type BasicPriceInput = z.infer<typeof basicPriceInput>;

export const basicPriceSetBody = z.object({
  prices: z
    .array(basicPriceInput)
    .min(1)
    .max(BASIC_PRICE_MAX_SET)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        const k = `${p.modelId}:${p.currency}`;
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i, 'currency'], message: 'duplicate' });
        seen.add(k);
      });
    }),
});
export type BasicPriceSetBody = z.infer<typeof basicPriceSetBody>;

/** A currency a price may be set in: its code, its name in the request's language, its minor digits. */
export const basicPriceCurrency = z.object({
  code: z.string(),
  DictValue: z.string(),
  digits: z.number().int(),
});
export type BasicPriceCurrency = z.infer<typeof basicPriceCurrency>;
export const basicPriceCurrencies = z.array(basicPriceCurrency);
