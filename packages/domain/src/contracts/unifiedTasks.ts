/**
 * Unified pest-control tasks, 统防统治 (001 §2 UnifiedTaskList, UnifiedTaskDroneList, UnifiedTaskChart;
 * §3 "Unified task: tftzId, tftzName, region, startDate, endDate, tftzType, workType, cropId,
 * zfMonitor. Task drone: droneIds, dataStartDate, dataEndDate"; §7 "Unified tasks"). The spec names
 * the calls but not their paths: they live in the family /api/drone/tftz/manage (docs/api.md).
 *
 * A task is a campaign a government (or the platform) runs in a region over a period: operators'
 * drones are enrolled in it, each for some days, and the sorties they fly there count for it under
 * one rule (programmes/attribution.ts). Its status follows ISO 11783-10 (programmes/taskStatus.ts).
 * Dates are local days of the statistics time zone, 'YYYY-MM-DD'; areas mu, volumes L, times s.
 */
import { z } from 'zod';
import { EXCLUSION_REASONS } from '../programmes/attribution.ts';
import { TASK_STATUSES } from '../programmes/taskStatus.ts';
import { droneIdSchema, idParam, idSchema, pageNumberParam, textSchema, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const UNIFIED_TASK_BASE = '/api/drone/tftz/manage';
export const UNIFIED_TASK_LIST_PATH = `${UNIFIED_TASK_BASE}/list`;
/** POST create; PATCH / GET `${UNIFIED_TASK_PATH}/{tftzId}`. */
export const UNIFIED_TASK_PATH = UNIFIED_TASK_BASE;
/** Under `${UNIFIED_TASK_PATH}/{tftzId}`: GET/POST/PUT/DELETE drones, GET stat/*, GET sorties. */
export const UNIFIED_TASK_CALLS = {
  drones: 'drones',
  statDrones: 'stat/drones',
  statOwners: 'stat/owners',
  statData: 'stat/data',
  statOverview: 'stat/overview',
  sorties: 'sorties',
} as const;
export const unifiedTaskCallPath = (tftzId: number, call: keyof typeof UNIFIED_TASK_CALLS) =>
  `${UNIFIED_TASK_PATH}/${tftzId}/${UNIFIED_TASK_CALLS[call]}`;

export const TFTZ_NAME_MAX = 64;
/** Drones one enrolment call may name (an uploaded list is sent in calls of this size). */
export const TFTZ_ENROL_MAX = 2000;
/** The longest task: a season, at most a year and a day. */
export const TFTZ_MAX_DAYS = 366;

/**
 * tftzType, what the campaign is for: 1 pest and disease control (病虫害统防统治), 2 "one spray,
 * several benefits" foliar feeding of wheat or maize (一喷三防 / 一喷多促), 3 weed control (化学除草),
 * 4 other. Names: i18n `unifiedTasks:tftzType.<n>`.
 */
export const TFTZ_TYPES = [1, 2, 3, 4] as const;
export type TftzType = (typeof TFTZ_TYPES)[number];

/** A local day, 'YYYY-MM-DD', that exists in the calendar. */
export const dayKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'not a calendar day');

/** The span of two days (both included); negative when b is before a. */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;

const position = z.array(z.number()).min(2).max(3);
/** A drawn region: one GeoJSON polygon (checkZoneGeometry does the rest on the server). */
export const taskPolygonInput = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(position).max(2001)).min(1).max(21),
});
const polygonOut = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.array(z.number()))),
});

const regionCode = z.number().int().min(1_000_000).max(999_999_999);
const regionParam = z.coerce.number().int().min(1_000_000).max(999_999_999);
const optionalId = idSchema.nullable().optional();

const taskTermsShape = {
  tftzName: trimmedText(TFTZ_NAME_MAX).pipe(z.string().min(1)),
  /** Administrative region, 9-digit code; a government's must lie in its own. */
  region: regionCode,
  /** Optional drawn boundary inside the region (sorties count where half their spray lies in it). */
  polygon: taskPolygonInput.nullable().optional(),
  startDate: dayKeySchema,
  endDate: dayKeySchema,
  tftzType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** oper/worktypes id; null: any work counts. */
  workType: optionalId,
  /** oper/crops id; null: any crop counts. */
  cropId: optionalId,
  /** The medicine (pesticide) applied, for dose compliance; null: none named. */
  medId: optionalId,
  /** Government monitoring: 1 the task's drones show on the government's live monitor, 0 not. */
  zfMonitor: z.union([z.literal(0), z.literal(1)]),
  remark: textSchema(500).optional(),
};

const checkDates = <T extends { startDate?: string; endDate?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate) {
    const n = daysBetween(v.startDate, v.endDate);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate before startDate' });
    else if (n > TFTZ_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'too long' });
  }
};

/** POST: a new task (planned or running, by its dates). */
export const unifiedTaskCreateBody = z.object(taskTermsShape).superRefine(checkDates);
export type UnifiedTaskCreateBody = z.infer<typeof unifiedTaskCreateBody>;

/**
 * PATCH /{tftzId}: any of the terms (only while planned or running), or `status` 4 to finish it
 * early or 6 to cancel it (from then on nothing more counts; what counted stays).
 */
export const unifiedTaskPatchBody = z
  .object(taskTermsShape)
  .partial()
  .extend({ status: z.union([z.literal(4), z.literal(6)]).optional() })
  .superRefine(checkDates);
export type UnifiedTaskPatchBody = z.infer<typeof unifiedTaskPatchBody>;

export const tftzParams = z.object({ tftzId: idParam });

/** GET list: paging, and filters on name, region (tasks inside it), type, status, crop, year. */
export const unifiedTaskListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  tftzName: trimmedText(TFTZ_NAME_MAX).optional(),
  region: regionParam.optional(),
  tftzType: z.coerce.number().int().min(1).max(4).optional(),
  status: z.coerce.number().int().min(1).max(6).optional(),
  cropId: idParam.optional(),
  /** Tasks whose period touches this year. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type UnifiedTaskListQuery = z.infer<typeof unifiedTaskListQuery>;

export const unifiedTaskRow = z.object({
  tftzId: z.number().int(),
  tftzName: z.string(),
  region: z.number().int(),
  /** The region's name path in the caller's language ("江苏省/南京市"). */
  regionName: z.string(),
  polygon: polygonOut.nullable(),
  startDate: z.string(),
  endDate: z.string(),
  tftzType: z.number().int(),
  workType: z.number().int().nullable(),
  cropId: z.number().int().nullable(),
  medId: z.number().int().nullable(),
  zfMonitor: z.number().int(),
  remark: z.string(),
  /** programmes/taskStatus.ts: 1 planned, 2 running, 4 finished, 6 cancelled. */
  status: z.number().int(),
  closedAt: z.number().nullable(),
  /** The account that runs the task (a government or the platform). */
  accountId: z.number().int(),
  accountName: z.string(),
  /** Whether the caller may edit it and its enrolments. */
  editable: z.boolean(),
  droneCount: z.number().int(),
  sortieCount: z.number().int(),
  areaMu: z.number(),
  createdAt: z.number(),
});
export type UnifiedTaskRow = z.infer<typeof unifiedTaskRow>;
export const unifiedTaskPage = page(unifiedTaskRow);
export { TASK_STATUSES as UNIFIED_TASK_STATUSES };

// ---- Task drones -------------------------------------------------------------------------------

/**
 * POST: enrol drones for dataStartDate..dataEndDate (inside the task's period): by `droneIds` (a
 * search or an uploaded list) or every drone of one operator (`yyAccountId`). A drone already
 * enrolled gets the new dates. PUT: new dates for enrolled drones. Either re-attributes the drones'
 * sorties of the task's period once (the figures include flights made before the enrolment).
 */
export const taskDronesBody = z
  .object({
    droneIds: z.array(droneIdSchema).max(TFTZ_ENROL_MAX).optional(),
    yyAccountId: idSchema.optional(),
    dataStartDate: dayKeySchema,
    dataEndDate: dayKeySchema,
  })
  .superRefine((v, ctx) => {
    if (!v.droneIds?.length && v.yyAccountId == null)
      ctx.addIssue({ code: 'custom', path: ['droneIds'], message: 'droneIds or yyAccountId' });
    if (daysBetween(v.dataStartDate, v.dataEndDate) < 1)
      ctx.addIssue({ code: 'custom', path: ['dataEndDate'], message: 'dataEndDate before dataStartDate' });
  });
export type TaskDronesBody = z.infer<typeof taskDronesBody>;

/** DELETE ?droneIds=a,b: withdraw drones (their sorties stop counting, listed as notEnrolled). */
export const taskDronesDeleteQuery = z.object({
  droneIds: z
    .string()
    .max(TFTZ_ENROL_MAX * 65)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(droneIdSchema).min(1).max(TFTZ_ENROL_MAX)),
});

export const taskDronesChange = z.object({
  /** Drones enrolled or updated; drones named but refused (out of the caller's reach or unknown). */
  changed: z.number().int(),
  refused: z.array(z.string()),
  /** Sorties whose attribution was recomputed. */
  reattributed: z.number().int(),
});
export type TaskDronesChange = z.infer<typeof taskDronesChange>;

/** GET drones: the task's enrolled drones with their progress. */
export const taskDroneListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  /** Part of the drone id or name. */
  search: trimmedText(64).optional(),
  yyAccountId: idParam.optional(),
});
export const taskDroneRow = z.object({
  droneId: z.string(),
  droneName: z.string(),
  modelName: z.string(),
  yyAccountId: z.number().int().nullable(),
  yyAccountName: z.string().nullable(),
  dataStartDate: z.string(),
  dataEndDate: z.string(),
  sortieCount: z.number().int(),
  areaMu: z.number(),
  volumeL: z.number(),
  durationS: z.number(),
  /** Sorties of the drone in the period that did not count. */
  excludedCount: z.number().int(),
  lastWorkTime: z.number().nullable(),
  online: z.boolean(),
});
export type TaskDroneRow = z.infer<typeof taskDroneRow>;
export const taskDronePage = page(taskDroneRow);

// ---- Statistics ------------------------------------------------------------------------------

export const taskStatQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
});

/** GET stat/drones: ranking of drones by counted area (and pilots: `by=pilot`). */
export const taskStatDronesQuery = taskStatQuery.extend({
  by: z.enum(['drone', 'pilot']).default('drone'),
});
export const taskStatDroneRow = z.object({
  key: z.string(),
  name: z.string(),
  yyAccountName: z.string().nullable(),
  sortieCount: z.number().int(),
  areaMu: z.number(),
  volumeL: z.number(),
  durationS: z.number(),
});
export const taskStatDronePage = page(taskStatDroneRow);

export const taskStatOwnerRow = z.object({
  yyAccountId: z.number().int(),
  yyAccountName: z.string(),
  droneCount: z.number().int(),
  activeDrones: z.number().int(),
  sortieCount: z.number().int(),
  areaMu: z.number(),
  volumeL: z.number(),
  durationS: z.number(),
});
export const taskStatOwnerPage = page(taskStatOwnerRow);

/** GET stat/data: counted area (and sorties, volume) per local day and per crop. */
export const taskStatData = z.object({
  days: z.array(
    z.object({ day: z.string(), sortieCount: z.number().int(), areaMu: z.number(), volumeL: z.number() }),
  ),
  crops: z.array(
    z.object({ cropId: z.number().int().nullable(), sortieCount: z.number().int(), areaMu: z.number() }),
  ),
});
export type TaskStatData = z.infer<typeof taskStatData>;

export const taskStatOverview = z.object({
  tftzId: z.number().int(),
  status: z.number().int(),
  droneCount: z.number().int(),
  ownerCount: z.number().int(),
  /** Enrolled drones with at least one counted sortie. */
  activeDrones: z.number().int(),
  sortieCount: z.number().int(),
  areaMu: z.number(),
  volumeL: z.number(),
  durationS: z.number(),
  /** Sorties of enrolled drones (and others seen in the region) that did not count, by reason. */
  excluded: z.record(z.enum(EXCLUSION_REASONS), z.number().int()),
  /** Newest attribution, ms (how fresh the figures are). */
  updatedAt: z.number().nullable(),
});
export type TaskStatOverview = z.infer<typeof taskStatOverview>;

// ---- Sorties -----------------------------------------------------------------------------------

/** GET sorties: the sorties of the task's drones in its period, counted or not, with the reason. */
export const taskSortieListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(500).default(20),
  droneId: droneIdSchema.optional(),
  /** 1 counted only, 0 left out only. */
  counted: z.coerce.number().int().min(0).max(1).optional(),
  reason: z.enum(EXCLUSION_REASONS).optional(),
});
export type TaskSortieListQuery = z.infer<typeof taskSortieListQuery>;

export const taskSortieRow = z.object({
  sortieId: z.number().int(),
  droneId: z.string(),
  droneName: z.string(),
  yyAccountName: z.string().nullable(),
  pilotName: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  areaMu: z.number(),
  volumeL: z.number(),
  cropId: z.number().int().nullable(),
  workType: z.number().int().nullable(),
  lng: z.number(),
  lat: z.number(),
  counted: z.boolean(),
  reason: z.enum(EXCLUSION_REASONS).nullable(),
});
export type TaskSortieRow = z.infer<typeof taskSortieRow>;
export const taskSortiePage = page(taskSortieRow);
