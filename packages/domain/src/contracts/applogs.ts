/**
 * App logs (002 §2 AppLog, §3 "App log filters: type, search", §7 "App log: oper/appLog/page";
 * issue 23 point 5). The ground-station apps send their log entries in batches with the account's
 * telemetry key (POST APP_LOG_BATCH_PATH, Basic vid:secret, docs/api.md "App logs"); the console
 * lists them (GET APP_LOG_PAGE_PATH), filtered by type and searched by text, each entry linked to its
 * drone and sortie. See apps/server/src/modules/applogs/README.md.
 */
import { z } from 'zod';
import {
  bigIdSchema,
  droneIdSchema,
  millisSchema,
  pageNumberParam,
  textSchema,
  trimmedText,
} from './bounds.ts';
import { page } from './envelope.ts';

export const APP_LOG_BASE = '/api/oper/appLog';
export const APP_LOG_PAGE_PATH = `${APP_LOG_BASE}/page`;
export const APP_LOG_BATCH_PATH = `${APP_LOG_BASE}/batch`;

/** What part of the app wrote the entry. */
export const APP_LOG_TYPES = ['operation', 'flight', 'device', 'network', 'crash', 'system'] as const;
export type AppLogType = (typeof APP_LOG_TYPES)[number];
export const APP_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type AppLogLevel = (typeof APP_LOG_LEVELS)[number];

/** Bounds of one entry and of a batch (a bigger body answers 413; more entries 413; a bad entry 400). */
export const APP_LOG_MAX_MESSAGE = 4000;
export const APP_LOG_MAX_VERSION = 32;
export const APP_LOG_MAX_ENTRIES = 500;
export const APP_LOG_MAX_BATCH_BYTES = 1024 * 1024;
/** The list's page size, and the bound of its total (a larger count shows as "10,000+"). */
export const APP_LOG_MAX_PAGE_SIZE = 100;
export const APP_LOG_TOTAL_BOUND = 10_000;
/**
 * The bound of a search's total ("more than 200"): a common text ("RTK") is in a few percent of the
 * entries, and each one counted is an entry read from the table to test the whole text. 201 of them
 * are found among the newest 10,000 entries when the text is in 2 % of them; 1,001 were not, and the
 * trigram index then read every entry holding the text (390 ms at 10 million).
 */
export const APP_LOG_SEARCH_TOTAL_BOUND = 200;
/**
 * The shortest search: the trigram index (pg_trgm) needs three characters of the text to find it
 * without reading every entry; a shorter search is refused (400, appLogSearchShort).
 */
export const APP_LOG_MIN_SEARCH = 3;
export const APP_LOG_MAX_SEARCH = 100;

/** An app version as apps print it: "3.2.1", "v3.2.1-beta+45". */
export const APP_VERSION_RE = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,31}$/;

export const appLogEntry = z
  .object({
    type: z.enum(APP_LOG_TYPES),
    level: z.enum(APP_LOG_LEVELS),
    /** When the app wrote it, ms since the epoch. */
    time: millisSchema,
    appVersion: textSchema(APP_LOG_MAX_VERSION).regex(APP_VERSION_RE),
    /** The drone the app was connected to, one the key's account may send for. */
    droneId: droneIdSchema.optional(),
    /** The console's sortie id, when the app knows it (it needs droneId); else the console finds it by time. */
    sortieId: bigIdSchema.optional(),
    message: textSchema(APP_LOG_MAX_MESSAGE).min(1),
  })
  .strict()
  .refine((e) => e.sortieId === undefined || e.droneId !== undefined, {
    message: 'sortieId needs droneId',
    path: ['sortieId'],
  });
export type AppLogEntry = z.infer<typeof appLogEntry>;

/** The batch body. The entry count is checked by the route (413 past APP_LOG_MAX_ENTRIES). */
export const appLogBatch = z.object({ entries: z.array(appLogEntry).min(1) }).strict();
export type AppLogBatch = z.infer<typeof appLogBatch>;

export const appLogBatchResult = z.object({
  /** Entries stored now. */
  accepted: z.number().int(),
  /** Entries already stored (same fingerprint), dropped. */
  duplicates: z.number().int(),
});
export type AppLogBatchResult = z.infer<typeof appLogBatchResult>;

/** GET page (002 §7: pageIndex, size, type, search). */
export const appLogPageQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(APP_LOG_MAX_PAGE_SIZE).default(20),
  type: z.enum(APP_LOG_TYPES).optional(),
  /** Text the message contains (case-insensitive); empty: no search. */
  search: trimmedText(APP_LOG_MAX_SEARCH).optional(),
});
export type AppLogPageQuery = z.infer<typeof appLogPageQuery>;

export const appLogRow = z.object({
  id: z.number().int(),
  type: z.enum(APP_LOG_TYPES),
  level: z.enum(APP_LOG_LEVELS),
  time: z.number(),
  appVersion: z.string(),
  /** The account whose key sent it. */
  accountName: z.string(),
  droneId: z.string().nullable(),
  droneName: z.string().nullable(),
  /** The sortie: the one the app named, or the drone's sortie under way at `time`. */
  sortieId: z.number().int().nullable(),
  message: z.string(),
  receivedAt: z.number(),
});
export type AppLogRow = z.infer<typeof appLogRow>;

export const appLogPage = page(appLogRow).extend({
  /** True when `total` is the bound, not the count (there are at least that many). */
  totalBounded: z.boolean(),
});
export type AppLogPage = z.infer<typeof appLogPage>;
