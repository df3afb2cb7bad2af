/**
 * No-fly zones (001 §3 "No-fly zone": noflyId, detailAddress, noflyType; stats civilNoflyNum,
 * notCivilNoflyNum; §4 noflyType 1 other department, 2 civil aviation; §7 "No-fly zones": GET list
 * (noflyType); POST; PUT; PUT enable (noflyId, opr); DELETE /{id}; GET detail (noflyId)).
 *
 * The shape of a zone is the geometry contract (`geometry.ts`): the request schema takes its
 * structure, `checkZoneGeometry` the rest (closed rings, no self-intersection...), on both sides.
 */
import { z } from 'zod';
import { idParam, idSchema, pageNumberParam, trimmedText } from './bounds.ts';
import { zoneShapeInput } from './geometry.ts';

export const NOFLY_BASE = '/api/drone/nofly/manage';

/** 001 §4: 1 other department, 2 civil aviation. */
export const NOFLY_TYPES = [1, 2] as const;
export type NoflyType = (typeof NOFLY_TYPES)[number];
const noflyType = z.union([z.literal(1), z.literal(2)]);
const noflyTypeParam = z.coerce.number().pipe(noflyType);

export const NOFLY_NAME_MAX = 64;
export const NOFLY_ADDRESS_MAX = 200;

export const noflyListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  noflyType: noflyTypeParam.optional(),
  /** Part of the name. */
  name: trimmedText(NOFLY_NAME_MAX).optional(),
  /** 1 enabled only, 0 disabled only. */
  enabled: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
});
export type NoflyListQuery = z.infer<typeof noflyListQuery>;

const position = z.array(z.number());
export const noflyRecord = z.object({
  noflyId: z.number().int(),
  name: z.string(),
  detailAddress: z.string().nullable(),
  noflyType,
  shape: z.enum(['polygon', 'circle']),
  geometry: z.union([
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
    z.object({ type: z.literal('Point'), coordinates: position }),
  ]),
  radiusM: z.number().nullable(),
  /** 9-digit region code of the zone's centre (null: nowhere known). */
  regionCode: z.number().int().nullable(),
  enabled: z.boolean(),
  /** The current version (1 at creation, +1 at each edit, enable or disable). */
  version: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
  createdByAccountName: z.string().nullable(),
  /** Whether the caller may edit, toggle or delete it. */
  editable: z.boolean(),
});
export type NoflyRecord = z.infer<typeof noflyRecord>;

export const noflyStats = z.object({
  /** Zones of type 2 (civil aviation) in the filtered set. */
  civilNoflyNum: z.number().int(),
  /** Zones of type 1 (other department) in the filtered set. */
  notCivilNoflyNum: z.number().int(),
});

export const noflyPage = z.object({
  records: z.array(noflyRecord),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
  ...noflyStats.shape,
});
export type NoflyPage = z.infer<typeof noflyPage>;

/** POST body. The geometry is checked by `checkZoneGeometry` after this schema. */
export const noflyCreateBody = zoneShapeInput.extend({
  name: trimmedText(NOFLY_NAME_MAX).pipe(z.string().min(1)),
  detailAddress: trimmedText(NOFLY_ADDRESS_MAX).nullable().optional(),
  noflyType,
});
export type NoflyCreateBody = z.infer<typeof noflyCreateBody>;

/** PUT body: the whole zone again, with its id. */
export const noflyUpdateBody = noflyCreateBody.extend({ noflyId: idSchema });
export type NoflyUpdateBody = z.infer<typeof noflyUpdateBody>;

/** PUT /enable: opr 1 enables the zone, 0 disables it. */
export const noflyEnableBody = z.object({ noflyId: idSchema, opr: z.union([z.literal(0), z.literal(1)]) });
export type NoflyEnableBody = z.infer<typeof noflyEnableBody>;

export const noflyDetailQuery = z.object({ noflyId: idParam });
export const noflyIdParams = z.object({ id: idParam });

/** What a write answers. */
export const noflyWriteResult = z.object({ noflyId: z.number().int(), version: z.number().int() });

/** One version of a zone (the detail's history). */
export const noflyVersion = z.object({
  version: z.number().int(),
  name: z.string(),
  noflyType,
  shape: z.enum(['polygon', 'circle']),
  enabled: z.boolean(),
  /** 'create' | 'update' | 'enable' | 'disable' | 'delete'. */
  change: z.string(),
  changedByName: z.string().nullable(),
  changeTime: z.string(),
});

export const noflyDetail = noflyRecord.extend({
  versions: z.array(noflyVersion),
  /** Anomalies raised against this zone (any version). */
  anomalyCount: z.number().int(),
});
export type NoflyDetail = z.infer<typeof noflyDetail>;
