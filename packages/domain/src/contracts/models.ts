/**
 * Drone models (001 §2 DroneModelList, §3 "Drone model", §7 "Drone models"; 002 §7 lookups
 * `drone/common/models/{manufacturer_id}`).
 *
 * Family /api/drone/model/manage, REST inside it (the spec names no paths): GET list, POST create,
 * PUT update (body with id), DELETE /{id}, PUT merge (flyModelId kept, mergeFlyModelIds merged into
 * it), POST idRange (registers every serial of a numeric range as drones of a model). The lookup
 * GET /api/drone/common/models/{manufacturer_id} gives a manufacturer's models (id, modelName) for
 * the drone list's filters and forms.
 *
 * See apps/server/src/modules/models/README.md for who may do what and what a merge moves.
 */
import { z } from 'zod';
import { idParam, idSchema, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const MODEL_BASE = '/api/drone/model/manage';
export const MODEL_LIST_PATH = `${MODEL_BASE}/list`;
/** POST create and PUT update (body with id); DELETE `${MODEL_BASE}/{id}`. */
export const MODEL_PATH = MODEL_BASE;
export const modelPath = (id: number) => `${MODEL_BASE}/${id}`;
export const MODEL_MERGE_PATH = `${MODEL_BASE}/merge`;
export const MODEL_ID_RANGE_PATH = `${MODEL_BASE}/idRange`;
/** 002 §7 lookup: GET `/api/drone/common/models/{manufacturer_id}`. */
export const MODEL_LOOKUP_BASE = '/api/drone/common/models';
export const modelLookupPath = (manufacturerId: number) => `${MODEL_LOOKUP_BASE}/${manufacturerId}`;

/** 001 §3 shapes: single-axis helicopter, dual, tri, quad, hexa, octo (rotors), other. */
export const MODEL_SHAPES = ['single', 'dual', 'tri', 'quad', 'hexa', 'octo', 'other'] as const;
export type ModelShape = (typeof MODEL_SHAPES)[number];
/** 001 §3 powers: electric, oil (fuel engine), hybrid. */
export const MODEL_POWERS = ['electric', 'oil', 'hybrid'] as const;
export type ModelPower = (typeof MODEL_POWERS)[number];

export const MODEL_NAME_MAX = 64;
/** Spray width in metres (drone_models.spray_width numeric(5,2)). */
export const MODEL_SPRAY_WIDTH_MIN = 0.5;
export const MODEL_SPRAY_WIDTH_MAX = 100;
/** Tank in litres (drone_models.tank_litres numeric(6,1)). */
export const MODEL_TANK_MIN = 0;
export const MODEL_TANK_MAX = 1000;
/** The list and the export read pages of at most this size. */
export const MODEL_LIST_MAX_PAGE_SIZE = 500;
/** At most this many models merged in one call. */
export const MODEL_MERGE_MAX = 100;

/** Serials registered by one ID range call, at most (issue 10). */
export const ID_RANGE_MAX = 10_000;
/** The existing serials an ID range answer lists by name, at most (the count is always whole). */
export const ID_RANGE_EXISTED_LIST_MAX = 100;
/** A serial prefix: letters, digits, _ and - (the drone id rule), at most 48 characters. */
export const ID_RANGE_PREFIX_RE = /^[A-Za-z0-9_-]{0,48}$/;
/** The numbers of a range: 0 .. 10^15 - 1 (at most 15 digits, exact in a double and a bigint). */
export const ID_RANGE_NUMBER_MAX = 999_999_999_999_999;
export const ID_RANGE_WIDTH_MAX = 15;

export const modelNameSchema = trimmedText(MODEL_NAME_MAX).min(1);
export const modelShapeSchema = z.enum(MODEL_SHAPES);
export const modelPowerSchema = z.enum(MODEL_POWERS);
export const sprayWidthSchema = z.number().min(MODEL_SPRAY_WIDTH_MIN).max(MODEL_SPRAY_WIDTH_MAX);
export const tankLitresSchema = z.number().min(MODEL_TANK_MIN).max(MODEL_TANK_MAX);

export const MODEL_SORTS = ['createTime', 'modelName', 'droneCount', 'sprayWidth', 'tankLitres'] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];

/** GET list: paging, filters (name part of, manufacturer for the platform, shape, power) and sort. */
export const modelListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(MODEL_LIST_MAX_PAGE_SIZE).default(20),
  modelName: trimmedText(MODEL_NAME_MAX).optional(),
  /** The manufacturer (the platform's filter; a manufacturer always sees only its own). */
  zzAccountId: idParam.optional(),
  shape: modelShapeSchema.optional(),
  power: modelPowerSchema.optional(),
  sortParam: z.enum(MODEL_SORTS).default('createTime'),
  /** 1 descending (001 §9 default order 1), 2 ascending. */
  order: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
});
export type ModelListQuery = z.infer<typeof modelListQuery>;

export const modelRow = z.object({
  id: z.number().int(),
  modelName: z.string(),
  zzAccountId: z.number().int(),
  zzAccountName: z.string(),
  shape: modelShapeSchema,
  power: modelPowerSchema,
  sprayWidth: z.number(),
  tankLitres: z.number(),
  /** Drones of this model (the caller's scope: a manufacturer's models hold only its drones). */
  droneCount: z.number().int(),
  createTime: z.number(),
});
export type ModelRow = z.infer<typeof modelRow>;

export const modelPage = page(modelRow);
export type ModelPage = z.infer<typeof modelPage>;

const modelFields = {
  modelName: modelNameSchema,
  shape: modelShapeSchema,
  power: modelPowerSchema,
  sprayWidth: sprayWidthSchema,
  tankLitres: tankLitresSchema,
};

/** POST create. `zzAccountId`: the manufacturer (required from the platform; a manufacturer's own otherwise). */
export const modelCreateBody = z.object({ ...modelFields, zzAccountId: idSchema.optional() });
export type ModelCreateBody = z.infer<typeof modelCreateBody>;

/** PUT update: the model's id and its fields (the manufacturer never changes). */
export const modelUpdateBody = z.object({ id: idSchema, ...modelFields });
export type ModelUpdateBody = z.infer<typeof modelUpdateBody>;

export const modelIdParams = z.object({ id: idParam });

/** PUT merge: the drones of mergeFlyModelIds move to flyModelId; the merged models are deleted. */
export const modelMergeBody = z.object({
  flyModelId: idSchema,
  // An empty list passes the schema so the service can answer its own message.
  mergeFlyModelIds: z.array(idSchema).max(MODEL_MERGE_MAX),
});
export type ModelMergeBody = z.infer<typeof modelMergeBody>;

export const modelMergeResult = z.object({
  flyModelId: z.number().int(),
  /** Models merged (deleted). */
  merged: z.number().int(),
  /** Drones moved to the kept model. */
  movedDrones: z.number().int(),
});
export type ModelMergeResult = z.infer<typeof modelMergeResult>;

/**
 * POST idRange: serials `prefix` + each number from `start` to `end` (both included), written with
 * at least `width` digits (zero-padded; default: the digits of `end`). The count is checked by the
 * server (idRangeProblem) so a range of 0 or over 10,000 gets its own message.
 */
export const idRangeBody = z.object({
  flyModelId: idSchema,
  prefix: z.string().regex(ID_RANGE_PREFIX_RE),
  start: z.number().int().min(0).max(ID_RANGE_NUMBER_MAX),
  end: z.number().int().min(0).max(ID_RANGE_NUMBER_MAX),
  width: z.number().int().min(1).max(ID_RANGE_WIDTH_MAX).optional(),
});
export type IdRangeBody = z.infer<typeof idRangeBody>;

export const idRangeResult = z.object({
  /** Serials in the range. */
  requested: z.number().int(),
  /** Drones registered now. */
  created: z.number().int(),
  /** Serials already registered (any model, any manufacturer): left as they were. */
  existed: z.number().int(),
  /** The first ID_RANGE_EXISTED_LIST_MAX of them, in order. */
  existedIds: z.array(z.string()),
});
export type IdRangeResult = z.infer<typeof idRangeResult>;

/** The lookup's answer: a manufacturer's models. */
export const modelOption = z.object({ id: z.number().int(), modelName: z.string() });
export type ModelOption = z.infer<typeof modelOption>;
export const modelOptions = z.array(modelOption);
export const modelLookupParams = z.object({ manufacturerId: idParam });

/** The digit width a range uses: the one asked for, else the digits of its end. */
export const idRangeWidth = (r: Pick<IdRangeBody, 'end' | 'width'>) => r.width ?? String(r.end).length;

/** A serial of a range. */
export const rangeSerial = (prefix: string, n: number, width: number) =>
  `${prefix}${String(n).padStart(width, '0')}`;

/** How many serials a range holds (0 when it ends before it starts). */
export const idRangeCount = (r: Pick<IdRangeBody, 'start' | 'end'>) => Math.max(0, r.end - r.start + 1);

/** What is wrong with a range: a message key of the server (`modelRange*`) and the web (`models:range.*`). */
export type IdRangeProblem = { key: 'empty' } | { key: 'tooMany'; max: number; count: number };

/**
 * The problem of a range, or null: empty (0 serials) or over ID_RANGE_MAX. (A prefix of at most 48
 * characters and at most 15 digits always make a drone id of at most 64.)
 */
export function idRangeProblem(r: Pick<IdRangeBody, 'start' | 'end'>): IdRangeProblem | null {
  const count = idRangeCount(r);
  if (count === 0) return { key: 'empty' };
  if (count > ID_RANGE_MAX) return { key: 'tooMany', max: ID_RANGE_MAX, count };
  return null;
}
