/**
 * Accessory whitelist (002 §7 "Tools and lookups": device/deviceWhiteList, device/deviceWhite;
 * issue 23 point 4). An account (a manufacturer its own list, the platform all) lists the hardware
 * ids of the accessories allowed on its drones; uploads a .txt/.csv/.xlsx of ids per accessory type; the
 * ground station asks before take-off which of its accessories are listed (WHITELIST_PATHS.check,
 * the account telemetry key as Basic vid:secret). See apps/server/src/modules/whitelist/README.md.
 */
import { z } from 'zod';
import { bigIdParam, droneIdSchema, pageNumberParam } from './bounds.ts';
import { page } from './envelope.ts';

export const WHITELIST_PATHS = {
  list: '/api/device/deviceWhiteList',
  upload: '/api/device/deviceWhite',
  entry: '/api/device/deviceWhite/:id',
  check: '/api/device/deviceWhite/check',
} as const;

/** Accessory types: 1 battery, 2 spray system, 3 RTK module, 4 remote controller, 5 camera. */
export const ACCESSORY_TYPES = [1, 2, 3, 4, 5] as const;
export type AccessoryType = (typeof ACCESSORY_TYPES)[number];
/** i18n keys of the types (namespace whitelist, `type.<key>`). */
export const ACCESSORY_TYPE_KEYS: Record<AccessoryType, string> = {
  1: 'battery',
  2: 'spray',
  3: 'rtk',
  4: 'remote',
  5: 'camera',
};
export const accessoryTypeSchema = z.number().int().min(1).max(5);
export const accessoryTypeParam = z.coerce.number().int().min(1).max(5);

/** A hardware id: 1-64 of [A-Za-z0-9._:-]. */
export const HW_ID_RE = /^[A-Za-z0-9._:-]{1,64}$/;
export const hwIdSchema = z.string().regex(HW_ID_RE);

/** Upload bounds: a bigger file answers 413; more lines 400. */
export const WHITELIST_MAX_BYTES = 2 * 1024 * 1024;
export const WHITELIST_MAX_LINES = 100_000;
/** The bad lines an error names (the count names them all). */
export const WHITELIST_NAMED_BAD_LINES = 20;
export const WHITELIST_MAX_PAGE_SIZE = 100;
export const WHITELIST_MAX_CHECK = 20;

export const whitelistQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(WHITELIST_MAX_PAGE_SIZE).default(20),
  type: accessoryTypeParam.optional(),
  /** Ids starting with this text. */
  hwId: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9._:-]*$/)
    .optional(),
});
export type WhitelistQuery = z.infer<typeof whitelistQuery>;

export const whitelistEntry = z.object({
  id: z.number().int(),
  type: z.number().int(),
  hwId: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  createdAt: z.number(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntry>;
export const whitelistPage = page(whitelistEntry);

export const whitelistUploadFields = z.object({ type: accessoryTypeParam }).strict();
export const whitelistUploadResult = z.object({ added: z.number().int(), alreadyListed: z.number().int() });
export type WhitelistUploadResult = z.infer<typeof whitelistUploadResult>;

export const whitelistEntryParams = z.object({ id: bigIdParam });

export const whitelistCheckBody = z
  .object({
    droneId: droneIdSchema,
    accessories: z
      .array(z.object({ type: accessoryTypeSchema, hwId: hwIdSchema }).strict())
      .min(1)
      .max(WHITELIST_MAX_CHECK),
  })
  .strict();
export type WhitelistCheckBody = z.infer<typeof whitelistCheckBody>;
/**
 * Per accessory: `restricted` when the drone's manufacturer has a list for that type at all,
 * `allowed` when it may fly (no list for the type, or listed): a flight with allowed false raises
 * anomaly oddType 6.
 */
export const whitelistCheckResult = z.array(
  z.object({ type: z.number().int(), hwId: z.string(), restricted: z.boolean(), allowed: z.boolean() }),
);
