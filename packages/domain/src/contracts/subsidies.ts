/**
 * Operation subsidies, 作业补贴 (001 §2 SubsidyList; §3 "Subsidy: subsidyId; filters year, region";
 * §7 "Subsidies": GET list; GET summary; GET stat data with region; DELETE /{subsidyId}; GET track
 * at /{subsidyId}). Family /api/drone/subsidy/manage; the calls the spec does not name (compute,
 * detail, sorties, seal, spot checks, rates, check) follow REST inside it (docs/api.md).
 *
 * A subsidy is one operator's pay in one programme: a unified task (tftzId) or a yearly regional
 * scheme (region + year, every qualifying sortie of the region). Its figures come from the evidence
 * of each sortie under programmes/subsidyRule.ts: monitored, qualified and paid area, and every
 * deducted mu with its reason. Money is in fen (0.01 yuan); rates are fen per mu, versioned: a new
 * rate table never rewrites a computed or sealed subsidy. A sealed (paid) subsidy's evidence digest
 * is in the system log's hash chain, and `check` proves it unchanged.
 */
import { z } from 'zod';
import { SPOT_CHECK_MAX } from '../programmes/spotCheck.ts';
import { DEDUCTION_REASONS, TERRAIN_CLASSES } from '../programmes/subsidyRule.ts';
import {
  bigIdParam,
  droneIdSchema,
  idParam,
  idSchema,
  pageNumberParam,
  textSchema,
  trimmedText,
} from './bounds.ts';
import { page } from './envelope.ts';

export const SUBSIDY_BASE = '/api/drone/subsidy/manage';
export const SUBSIDY_LIST_PATH = `${SUBSIDY_BASE}/list`;
export const SUBSIDY_SUMMARY_PATH = `${SUBSIDY_BASE}/summary`;
export const SUBSIDY_STAT_PATH = `${SUBSIDY_BASE}/stat`;
/** DELETE / GET `${SUBSIDY_PATH}/{subsidyId}`; GET `${SUBSIDY_PATH}/{subsidyId}/sorties`. */
export const SUBSIDY_PATH = SUBSIDY_BASE;
/** GET `${SUBSIDY_TRACK_PATH}/{subsidyId}` (001 §7 "track at /{subsidyId}"). */
export const SUBSIDY_TRACK_PATH = `${SUBSIDY_BASE}/track`;
export const SUBSIDY_COMPUTE_PATH = `${SUBSIDY_BASE}/compute`;
export const SUBSIDY_RATES_PATH = `${SUBSIDY_BASE}/rates`;
/** Under `${SUBSIDY_PATH}/{subsidyId}`: POST seal, GET check, POST spot-check, PUT spot-check/{sortieId}. */
export const SUBSIDY_CALLS = {
  sorties: 'sorties',
  seal: 'seal',
  check: 'check',
  spotCheck: 'spot-check',
} as const;

/** Subsidy status: 1 computed (can be recomputed or deleted), 2 sealed (paid; evidence frozen). */
export const SUBSIDY_STATUS = { computed: 1, sealed: 2 } as const;

const yearParam = z.coerce.number().int().min(2000).max(2100);
const regionCode = z.number().int().min(1_000_000).max(999_999_999);
const regionParam = z.coerce.number().int().min(1_000_000).max(999_999_999);

export const subsidyParams = z.object({ subsidyId: idParam });

/** GET list (001 §3 filters year, region), paged; also by operator name, task and status. */
export const subsidyListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  year: yearParam,
  region: regionParam.optional(),
  yyAccountName: trimmedText(64).optional(),
  tftzId: idParam.optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
});
export type SubsidyListQuery = z.infer<typeof subsidyListQuery>;

const areas = {
  monitoredMu: z.number(),
  qualifiedMu: z.number(),
  paidMu: z.number(),
  amountFen: z.number().int(),
};
const byReason = z.record(z.enum(DEDUCTION_REASONS), z.number());

export const subsidyRow = z.object({
  subsidyId: z.number().int(),
  year: z.number().int(),
  /** The programme: a unified task, or null for the yearly regional scheme of `region`. */
  tftzId: z.number().int().nullable(),
  tftzName: z.string().nullable(),
  region: z.number().int(),
  regionName: z.string(),
  yyAccountId: z.number().int(),
  yyAccountName: z.string(),
  sortieCount: z.number().int(),
  ...areas,
  byReason,
  status: z.number().int(),
  rateVersionId: z.number().int(),
  computedAt: z.number(),
  sealedAt: z.number().nullable(),
  /** sha256 of the sealed evidence (hex); null until sealed. */
  digest: z.string().nullable(),
});
export type SubsidyRow = z.infer<typeof subsidyRow>;
export const subsidyPage = page(subsidyRow);

/** GET summary (year, region): the cards of SubsidyList. */
export const subsidySummaryQuery = z.object({ year: yearParam, region: regionParam.optional() });
export const subsidySummary = z.object({
  year: z.number().int(),
  subsidies: z.number().int(),
  operators: z.number().int(),
  sealed: z.number().int(),
  sortieCount: z.number().int(),
  ...areas,
  byReason,
});
export type SubsidySummary = z.infer<typeof subsidySummary>;

/** GET stat (year, region): per region one level below `region` (the caller's own when absent). */
export const subsidyStatRow = z.object({
  region: z.number().int(),
  regionName: z.string(),
  subsidies: z.number().int(),
  operators: z.number().int(),
  ...areas,
});
export const subsidyStat = z.object({ records: z.array(subsidyStatRow) });
export type SubsidyStat = z.infer<typeof subsidyStat>;

/**
 * POST compute: (re)computes the subsidies of a programme (a task, or region + year), one per
 * operator, under the newest rate table of the region and year (or `rateVersionId`). Sealed
 * subsidies are left as they are.
 */
export const subsidyComputeBody = z
  .object({
    tftzId: idSchema.optional(),
    year: z.number().int().min(2000).max(2100),
    region: regionCode.optional(),
    rateVersionId: idSchema.optional(),
    /**
     * The medicine a regional scheme's dose is judged against (a task names its own): sorties
     * outside its registered range are not paid (doseOutOfRange). Optional; added by the server.
     */
    medId: idSchema.optional(),
    /** Area one operator may be paid at most in the programme (mu); none: no quota. */
    quotaMu: z.number().positive().max(100_000_000).optional(),
  })
  .refine((v) => v.tftzId != null || v.region != null, { path: ['region'], message: 'tftzId or region' });
export type SubsidyComputeBody = z.infer<typeof subsidyComputeBody>;
export const subsidyComputeResult = z.object({
  subsidies: z.number().int(),
  sorties: z.number().int(),
  ...areas,
  /** Sealed subsidies of the programme left as they were. */
  keptSealed: z.number().int(),
  ms: z.number().int(),
});
export type SubsidyComputeResult = z.infer<typeof subsidyComputeResult>;

/** GET sorties of a subsidy: its evidence lines. */
export const subsidySortieQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  /** Only lines with this deduction. */
  reason: z.enum(DEDUCTION_REASONS).optional(),
  droneId: droneIdSchema.optional(),
});
export const subsidySortieRow = z.object({
  sortieId: z.number().int(),
  droneId: z.string(),
  droneName: z.string(),
  pilotName: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  cropId: z.number().int().nullable(),
  blockId: z.number().int().nullable(),
  blockName: z.string().nullable(),
  volumeL: z.number(),
  /** Applied dose, L/mu (null: no area). */
  doseLPerMu: z.number().nullable(),
  medId: z.number().int().nullable(),
  doseRange: z.object({ minLPerMu: z.number(), maxLPerMu: z.number() }).nullable(),
  hasTrack: z.boolean(),
  pictures: z.number().int(),
  /** oddTypes of the sortie's anomalies. */
  anomalies: z.array(z.number().int()),
  terrain: z.enum(TERRAIN_CLASSES),
  rateFen: z.number().int().nullable(),
  ...areas,
  deductions: z.array(z.object({ reason: z.enum(DEDUCTION_REASONS), mu: z.number() })),
  spotCheck: z.enum(['passed', 'failed']).nullable(),
  spotCheckNote: z.string().nullable(),
  /** In the newest spot-check sample (to inspect). */
  sampled: z.boolean(),
});
export type SubsidySortieRow = z.infer<typeof subsidySortieRow>;
export const subsidySortiePage = page(subsidySortieRow);

/** GET detail: the row, the rule and rate version used, and the newest spot-check draw. */
export const subsidyDetail = subsidyRow.extend({
  quotaMu: z.number().nullable(),
  ruleVersion: z.string(),
  spotCheck: z
    .object({
      seed: z.number().int(),
      size: z.number().int(),
      drawnAt: z.number(),
      sortieIds: z.array(z.number().int()),
    })
    .nullable(),
});
export type SubsidyDetail = z.infer<typeof subsidyDetail>;

/** GET track/{subsidyId}: the sorties' tracks and sprayed outlines for the map, coloured by verdict. */
export const subsidyTrack = z.object({
  sorties: z.array(
    z.object({
      sortieId: z.number().int(),
      droneId: z.string(),
      startTime: z.number(),
      /** paid: all of it paid; partial: some deducted; none: nothing paid. */
      verdict: z.enum(['paid', 'partial', 'none']),
      /** [lng, lat] of the spraying path, simplified. */
      path: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
  /** The programme's region outline, where it has a drawn polygon. */
  polygon: z
    .object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) })
    .nullable(),
});
export type SubsidyTrack = z.infer<typeof subsidyTrack>;

/** POST spot-check: draw `size` sorties with `seed` (random when absent; the seed is kept and shown). */
export const spotCheckDrawBody = z.object({
  size: z.number().int().min(1).max(SPOT_CHECK_MAX),
  seed: z.number().int().min(0).max(4_294_967_295).optional(),
});
/** PUT spot-check/{sortieId}: the inspection's outcome. */
export const spotCheckResultParams = z.object({ subsidyId: idParam, sortieId: bigIdParam });
export const spotCheckResultBody = z.object({
  result: z.enum(['passed', 'failed']),
  note: textSchema(500).optional(),
});

/** GET check: whether the sealed evidence still matches its digest (and the log chain holds it). */
export const subsidyCheck = z.object({
  subsidyId: z.number().int(),
  sealed: z.boolean(),
  digest: z.string().nullable(),
  recomputed: z.string().nullable(),
  inLog: z.boolean(),
  ok: z.boolean(),
  /** What differs, when not ok: 'sortie 123 area', 'rate version 4', ... */
  problems: z.array(z.string()),
});
export type SubsidyCheck = z.infer<typeof subsidyCheck>;

// ---- Rate tables ---------------------------------------------------------------------------

export const rateRowInput = z.object({
  regionCode,
  cropId: idSchema.nullable(),
  terrain: z.enum(TERRAIN_CLASSES),
  /** Fen per mu (1000 = 10.00 元/亩). */
  fenPerMu: z.number().int().min(0).max(1_000_000),
});
/** POST rates: a new version of a region's rate table for a year (versions are never edited). */
export const rateTableBody = z.object({
  region: regionCode,
  year: z.number().int().min(2000).max(2100),
  rows: z.array(rateRowInput).min(1).max(500),
  /** Regions rated as hill (丘陵山区): a sortie in them takes the hill rate. */
  hillRegions: z.array(regionCode).max(2000).default([]),
  remark: textSchema(500).optional(),
});
export type RateTableBody = z.infer<typeof rateTableBody>;
export const rateTableQuery = z.object({ year: yearParam, region: regionParam.optional() });
export const rateTable = z.object({
  rateVersionId: z.number().int(),
  region: z.number().int(),
  regionName: z.string(),
  year: z.number().int(),
  rows: z.array(rateRowInput),
  hillRegions: z.array(z.number().int()),
  remark: z.string(),
  createdAt: z.number(),
  createdBy: z.string(),
});
export type RateTable = z.infer<typeof rateTable>;
export const rateTableList = z.object({ records: z.array(rateTable) });
