/**
 * Bulletins (001 §2 BulletinList, BulletinCreate, anomaly bulletins; §3 "Bulletin: bulletinIds,
 * oprType. Anomaly bulletin filters: droneId, startTime, endTime, oddType, zzAccountName,
 * yyAccountName, order"; §4 bulletin type 1 anomaly, 2 ordinary, target account type 1
 * manufacturer, 2 owner, "reading marks the current bulletin type"; §7 "Bulletins"; 002 §7 unread
 * bulletin count). See apps/server/src/modules/bulletins/README.md.
 *
 * An ordinary bulletin (type 2) is written by the platform or a government for manufacturers
 * and/or owners. An anomaly bulletin (type 1) is an anomaly already raised (table `anomalies`), in
 * the caller's data scope; its bulletinId is the anomaly id. Read state is per user.
 */
import { z } from 'zod';
import { bigIdSchema, millisParam, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const BULLETIN_BASE = '/api/user/bulletin';
export const BULLETIN_LIST_PATH = `${BULLETIN_BASE}/list`;
export const BULLETIN_ANOMALY_LIST_PATH = `${BULLETIN_BASE}/anomaly/list`;
export const BULLETIN_READ_PATH = `${BULLETIN_BASE}/read`;
export const BULLETIN_CREATE_PATH = `${BULLETIN_BASE}/create`;
export const BULLETIN_UNREAD_COUNT_PATH = `${BULLETIN_BASE}/unread/count`;

/** 001 §4 bulletin type: 1 anomaly, 2 ordinary. */
export const BulletinType = { anomaly: 1, ordinary: 2 } as const;
export type BulletinTypeCode = 1 | 2;
/** 001 §4 bulletin target account type: 1 manufacturer, 2 owner. */
export const BulletinTarget = { manufacturer: 1, owner: 2 } as const;
/** PUT read oprType: 1 the bulletinIds given, 2 every bulletin of the type (bulletinType) so far. */
export const BulletinReadOpr = { these: 1, all: 2 } as const;

export const BULLETIN_TITLE_MAX = 100;
export const BULLETIN_CONTENT_MAX = 2000;
/** One read call marks at most this many ids. */
export const BULLETIN_READ_MAX_IDS = 500;
/** The unread counts stop counting here: the header shows "999+". */
export const BULLETIN_UNREAD_CAP = 999;
export const BULLETIN_MAX_PAGE_SIZE = 500;

const oneOf12 = z.union([z.literal(1), z.literal(2)]);
const oneOf12Param = z.coerce.number().pipe(oneOf12);

export const bulletinTitleSchema = trimmedText(BULLETIN_TITLE_MAX).min(1);
export const bulletinContentSchema = trimmedText(BULLETIN_CONTENT_MAX).min(1);

export const bulletinCreateBody = z.object({
  title: bulletinTitleSchema,
  content: bulletinContentSchema,
  /** 1 manufacturers, 2 owners; one or both, no repeats. */
  targetAccountTypes: z
    .array(oneOf12)
    .min(1)
    .max(2)
    .refine((v) => new Set(v).size === v.length, { message: 'repeated target' }),
});
export type BulletinCreateBody = z.infer<typeof bulletinCreateBody>;

const listPaging = {
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(BULLETIN_MAX_PAGE_SIZE).default(20),
  /** 1 newest first (default), 2 oldest first. */
  order: oneOf12Param.default(1),
};

export const bulletinListQuery = z.object({
  ...listPaging,
  /** 1 unread only, 0 read only; absent: all. */
  readFlag: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
});
export type BulletinListQuery = z.infer<typeof bulletinListQuery>;

export const bulletinRow = z.object({
  bulletinId: z.number().int(),
  bulletinType: z.literal(2),
  title: z.string(),
  content: z.string(),
  targetAccountTypes: z.array(z.number().int()),
  /** The sending account. */
  accountName: z.string(),
  createTime: z.number(),
  read: z.boolean(),
});
export type BulletinRow = z.infer<typeof bulletinRow>;
export const bulletinPage = page(bulletinRow);
export type BulletinPage = z.infer<typeof bulletinPage>;

export const anomalyBulletinQuery = z.object({
  ...listPaging,
  droneId: trimmedText(64).optional(),
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
  oddType: z.coerce
    .number()
    // 6 unlisted accessory: our extension of 001 §4's 1-5 (docs/api.md "Accessory whitelist").
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]))
    .optional(),
  zzAccountName: trimmedText(100).optional(),
  yyAccountName: trimmedText(100).optional(),
});
export type AnomalyBulletinQuery = z.infer<typeof anomalyBulletinQuery>;

export const anomalyBulletinRow = z.object({
  /** The anomaly id. */
  bulletinId: z.number().int(),
  bulletinType: z.literal(1),
  droneId: z.string(),
  droneName: z.string().nullable(),
  oddType: z.number().int(),
  /** When it happened (ms); endTime when a no-fly incursion ended. */
  time: z.number(),
  endTime: z.number().nullable(),
  lng: z.number(),
  lat: z.number(),
  sortieId: z.number().nullable(),
  noflyId: z.number().nullable(),
  /** The rule's detail (e.g. `rule: 'dose'` with doseLPerMu, minLPerMu, maxLPerMu, medId, tftzId). */
  detail: z.record(z.string(), z.unknown()).optional(),
  zzAccountName: z.string(),
  yyAccountName: z.string().nullable(),
  createTime: z.number(),
  read: z.boolean(),
});
export type AnomalyBulletinRow = z.infer<typeof anomalyBulletinRow>;
export const anomalyBulletinPage = page(anomalyBulletinRow);
export type AnomalyBulletinPage = z.infer<typeof anomalyBulletinPage>;

export const bulletinReadBody = z
  .object({
    /** The current bulletin type (the tab): 1 anomaly, 2 ordinary. */
    bulletinType: oneOf12,
    /** 1: the bulletinIds; 2: every bulletin of bulletinType the caller sees (bulletinIds ignored). */
    oprType: oneOf12,
    bulletinIds: z.array(bigIdSchema).max(BULLETIN_READ_MAX_IDS).default([]),
  })
  .refine((b) => b.oprType === 2 || b.bulletinIds.length > 0, {
    message: 'bulletinIds required',
    path: ['bulletinIds'],
  });
export type BulletinReadBody = z.input<typeof bulletinReadBody>;

export const bulletinReadResult = z.object({ marked: z.number().int() });

export const bulletinCreated = z.object({ bulletinId: z.number().int() });

export const bulletinUnreadCount = z.object({
  /** Ordinary (type 2) unread, at most BULLETIN_UNREAD_CAP. */
  ordinary: z.number().int(),
  /** Anomaly (type 1) unread, at most BULLETIN_UNREAD_CAP. */
  anomaly: z.number().int(),
  /** ordinary + anomaly. */
  total: z.number().int(),
  /** A count reached the cap: show "999+". */
  capped: z.boolean(),
});
export type BulletinUnreadCount = z.infer<typeof bulletinUnreadCount>;
