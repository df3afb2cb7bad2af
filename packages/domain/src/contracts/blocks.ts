/**
 * Blocks (land plots, fields) (001 §3 "Block": filters search, region, onlyMyAccount,
 * onlySubAccount; share uses targetUserPhone; §5 deletion with no selection is refused locally;
 * §7 "Blocks": GET list (pageIndex, size); GET all blocks in pages of 500; POST; GET /{id}; PUT;
 * DELETE with comma-joined ids; DELETE force at /{id}; POST share at /{blockId} with
 * targetUserPhone; §7 "Live monitor": GET blocks with the map range; §9 fetch-all 500 per page).
 *
 * A block is a GeoJSON Polygon (outer ring, holes = obstacles) in WGS-84 degrees, checked by
 * `checkZoneGeometry` (geometry.ts) on both sides; its area is measured on the ellipsoid, net of
 * its holes (`ringsAreaM2` in planning/), and carried in mu (the web converts to the user's unit).
 */
import { z } from 'zod';
import { idParam, idSchema, millisParam, pageNumberParam, trimmedText } from './bounds.ts';
import { GEOMETRY_LIMITS } from './geometry.ts';

export const BLOCK_BASE = '/api/drone/block/manage';
/** 001 §9: the fetch-all call pages by 500. */
export const BLOCK_ALL_PAGE_SIZE = 500;
export const BLOCK_NAME_MAX = 64;
export const BLOCK_REMARK_MAX = 500;
/** At most this many ids in one delete. */
export const BLOCK_DELETE_MAX = 500;

/**
 * The crops of the fixed list before the crop catalogue (contracts/lookups.ts, table `crops`):
 * ids 1-9 keep their meaning there (1-5 are those the simulator reports, sim CROP_IDS). Kept for
 * callers that still name them; a block's crop is any enabled crop of the catalogue, which the
 * server checks (400 `cropUnknown`).
 */
export const BLOCK_CROPS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type BlockCrop = (typeof BLOCK_CROPS)[number];
/** A crop id of the catalogue (oper/crops); the server checks that it exists and is enabled. */
const cropSchema = idSchema;

/** A 0/1 flag in a query string ("1", "0", "true", "false"). */
const flagParam = z
  .union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.boolean(), z.number()])
  .transform((v) => v === '1' || v === 'true' || v === true || v === 1);

const regionParam = z.coerce.number().int().min(1_000_000).max(999_999_999);

/** The polygon a block is: structure only here; `checkZoneGeometry` does the rest. */
const position = z.array(z.number()).min(2).max(3);
export const blockGeometryInput = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(z.array(position).max(GEOMETRY_LIMITS.maxVertices + 1))
    .min(1)
    .max(GEOMETRY_LIMITS.maxRings + 1),
});
export type BlockGeometryInput = z.infer<typeof blockGeometryInput>;

const polygonOut = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.array(z.number()))),
});

/** GET list: one page (pageIndex from 1, size default 20, at most 500) and the §3 filters. */
export const blockListQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(BLOCK_ALL_PAGE_SIZE).default(20),
  /** Part of the block name, its owner's account name or its remark. */
  search: trimmedText(BLOCK_NAME_MAX).optional(),
  /** A 9-digit region code: blocks lying in it (any level). */
  region: regionParam.optional(),
  /** Only blocks of the caller's own account. */
  onlyMyAccount: flagParam.optional(),
  /** Only blocks of the caller's sub-accounts. */
  onlySubAccount: flagParam.optional(),
  cropId: z.coerce.number().pipe(cropSchema).optional(),
});
export type BlockListQuery = z.infer<typeof blockListQuery>;

/** GET all: every block the caller sees, 500 a page (001 §9), with geometry, for maps and pickers. */
export const blockAllQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(BLOCK_ALL_PAGE_SIZE).default(BLOCK_ALL_PAGE_SIZE),
});

export const blockRecord = z.object({
  blockId: z.number().int(),
  blockName: z.string(),
  /** Area net of holes, ellipsoidal, mu. */
  areaMu: z.number(),
  cropId: z.number().int().nullable(),
  /** The medicine sprayed on it (medicines catalogue): a sortie's dose is judged against it. */
  medId: z.number().int().nullable(),
  remark: z.string().nullable(),
  /** Finest known 9-digit region of the block's centre. */
  regionCode: z.number().int().nullable(),
  /** The owning account. */
  yyAccountId: z.number().int(),
  ownerName: z.string(),
  /** The caller sees it because it was shared with them (read-only). */
  shared: z.boolean(),
  /** Who shared it (account name), when shared. */
  sharedBy: z.string().nullable(),
  /** Whether the caller may edit, share or delete it. */
  editable: z.boolean(),
  /** [lng, lat] of the block's centre (inside it). */
  center: z.array(z.number()),
  geometry: polygonOut,
  sortieCount: z.number().int(),
  /** ms of the newest sortie that sprayed it, or null. */
  lastSprayedAt: z.number().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type BlockRecord = z.infer<typeof blockRecord>;

export const blockPage = z.object({
  records: z.array(blockRecord),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
  /** Total area of the filtered set, mu. */
  totalAreaMu: z.number(),
});
export type BlockPage = z.infer<typeof blockPage>;

/** POST body. The geometry is checked by `checkZoneGeometry` after this schema. */
export const blockCreateBody = z.object({
  blockName: trimmedText(BLOCK_NAME_MAX).pipe(z.string().min(1)),
  geometry: blockGeometryInput,
  cropId: cropSchema.nullable().optional(),
  medId: idSchema.nullable().optional(),
  remark: trimmedText(BLOCK_REMARK_MAX).nullable().optional(),
});
export type BlockCreateBody = z.infer<typeof blockCreateBody>;

/** PUT body: the whole block again with its id. */
export const blockUpdateBody = blockCreateBody.extend({ blockId: idSchema });
export type BlockUpdateBody = z.infer<typeof blockUpdateBody>;

export const blockIdParams = z.object({ id: idParam });
export const blockShareParams = z.object({ blockId: idParam });
/** DELETE share/{blockId}/{userId}: ends the block's share with that user (the owner's view lists them). */
export const blockUnshareParams = z.object({ blockId: idParam, userId: idParam });

/** DELETE ?ids=1,2,3 (comma-joined ids, at most BLOCK_DELETE_MAX). */
export const blockDeleteQuery = z.object({
  ids: z
    .string()
    .max(BLOCK_DELETE_MAX * 11)
    .transform((s) => s.split(',').map((x) => x.trim()))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,10}$/)
            .transform(Number)
            .pipe(idSchema),
        )
        .min(1)
        .max(BLOCK_DELETE_MAX),
    ),
});

/**
 * POST share/{blockId}: the user (by phone, as "86-13800000000" or a bare mainland number) to share
 * with. The answer is the same whether or not the number belongs to a user (no phone enumeration):
 * the block is shared if it does.
 */
export const blockShareBody = z.object({ targetUserPhone: trimmedText(32).pipe(z.string().min(5)) });

/** What a write answers. */
export const blockWriteResult = z.object({ blockId: z.number().int(), areaMu: z.number() });
export const blockDeleteResult = z.object({ deleted: z.number().int() });

/** GET /{id}: the block, its shares (owner's view) and its route plans. */
export const blockDetail = blockRecord.extend({
  shares: z.array(
    z.object({
      /** The user the block is shared with (DELETE share/{blockId}/{userId} ends it). */
      userId: z.number().int(),
      userName: z.string(),
      phone: z.string(),
      accountName: z.string(),
      sharedAt: z.string(),
    }),
  ),
  routeCount: z.number().int(),
});
export type BlockDetail = z.infer<typeof blockDetail>;

/** GET /{id}/sorties: the sorties that sprayed the block (sorties.block_id), newest first. */
export const blockSortiesQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(500).default(20),
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
});
export const blockSortieRecord = z.object({
  sortieId: z.number().int(),
  droneId: z.string(),
  droneName: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  areaMu: z.number(),
  volumeL: z.number(),
  pilotName: z.string().nullable(),
  hasTrack: z.boolean(),
});
export const blockSortiePage = z.object({
  records: z.array(blockSortieRecord),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
});

/**
 * GET /{id}/coverage: how much of the block was sprayed, by the sorties of a period
 * (startTime, endTime) or of a route plan (routeId): the union of their sprayed areas
 * intersected with the block, over the block's area net of holes.
 */
export const blockCoverageQuery = z.object({
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
  routeId: idParam.optional(),
});
export const blockCoverage = z.object({
  blockId: z.number().int(),
  blockAreaMu: z.number(),
  sprayedAreaMu: z.number(),
  /** sprayedAreaMu / blockAreaMu, 0..1. */
  share: z.number(),
  /** Area inside the block sprayed two times or more, mu. */
  twiceAreaMu: z.number(),
  sortieCount: z.number().int(),
  /** Sorties without a stored track (sprayed area unknown in space), left out of the union. */
  sortiesWithoutTrack: z.number().int(),
  /** The parts of the block not sprayed, GeoJSON MultiPolygon in degrees (simplified for drawing). */
  unsprayed: z.object({
    type: z.literal('MultiPolygon'),
    coordinates: z.array(z.array(z.array(z.array(z.number())))),
  }),
  /** With a routeId: the plan's own planned coverage, mu. */
  plannedAreaMu: z.number().nullable(),
});
export type BlockCoverage = z.infer<typeof blockCoverage>;

/** GET drone/mointor/manage/blocks with the map range (001 §7 "Live monitor"). */
export const MONITOR_BLOCKS_MAX = 2000;
export const monitorBlocksQuery = z.object({
  minLng: z.coerce.number().min(-180).max(180),
  maxLng: z.coerce.number().min(-180).max(180),
  minLat: z.coerce.number().min(-90).max(90),
  maxLat: z.coerce.number().min(-90).max(90),
});
export const monitorBlock = z.object({
  blockId: z.number().int(),
  blockName: z.string(),
  areaMu: z.number(),
  /** Simplified to the map range's resolution. */
  geometry: polygonOut,
});
export const monitorBlocks = z.object({
  records: z.array(monitorBlock),
  /** Blocks in the range the caller sees. */
  total: z.number().int(),
  /** More than MONITOR_BLOCKS_MAX (or too small to see at this range) were left out. */
  truncated: z.boolean(),
});
export type MonitorBlocks = z.infer<typeof monitorBlocks>;
