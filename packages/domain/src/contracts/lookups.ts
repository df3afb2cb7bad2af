/**
 * Lookups (issue 22 #1; 002 §7 `oper/crops` and `oper/worktypes`): the crop, work-type and
 * medicine (pesticide) catalogues, real tables with names in the five languages. Blocks, telemetry
 * `cropId`, unified tasks, subsidies and the data statistics share them.
 *
 * - GET  /api/oper/crops?pageIndex&size       a page of the enabled crops (size up to 1000; the web asks 1000)
 * - GET  /api/oper/worktypes                  every work type (1 spraying, 2 spreading, ...)
 * - GET  /api/oper/medicines                  every medicine, enabled or not (everyone signed in)
 * - POST /api/oper/medicines                  create (platform, ability manageTask)
 * - PUT  /api/oper/medicines/{medId}          change any of the fields, `enabled` included (platform)
 *
 * `name` is the name in the caller's language (Accept-Language), `names` all five. A medicine's
 * `minLPerMu`..`maxLPerMu` is its registered spray-liquid range per mu for drone application
 * (programmes/dose.ts). See apps/server/src/modules/lookups/README.md.
 */
import { z } from 'zod';
import type { LANGUAGES } from '../enums.ts';
import { idParam, idSchema, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const LOOKUP_BASE = '/api/oper';
export const CROPS_PATH = `${LOOKUP_BASE}/crops`;
export const WORK_TYPES_PATH = `${LOOKUP_BASE}/worktypes`;
/** GET, POST; PUT `${MEDICINES_PATH}/{medId}`. */
export const MEDICINES_PATH = `${LOOKUP_BASE}/medicines`;

/** The web asks for the whole crop catalogue in one page of this size (002 §7). */
export const CROPS_MAX_PAGE_SIZE = 1000;
/** Work types whose meaning other code relies on (a sortie's work type is derived with them). */
export const WORK_TYPE_SPRAYING = 1;
export const WORK_TYPE_SPREADING = 2;
/** The registered spray-liquid range per mu a medicine may name, L/mu. */
export const DOSE_L_PER_MU_MIN = 0.1;
export const DOSE_L_PER_MU_MAX = 50;
export const LOOKUP_NAME_MAX = 64;
export const MED_REG_NO_MAX = 32;
/** Pesticide registration numbers: letters, digits and '-' (e.g. PD20183456, LS20200012, WP-2019-001). */
export const MED_REG_NO_RE = /^[A-Za-z0-9-]{2,32}$/;

const nameText = trimmedText(LOOKUP_NAME_MAX).pipe(z.string().min(1));

/** A name in each of the five languages (zh, en, zh-TW, th, ko), 1..64 characters each. */
export const lookupNames = z.object({
  zh: nameText,
  en: nameText,
  'zh-TW': nameText,
  th: nameText,
  ko: nameText,
});
export type LookupNames = z.infer<typeof lookupNames>;
export type LookupLanguage = (typeof LANGUAGES)[number];

/** The name of a catalogue entry in `lang`, falling back to Chinese, then English. */
export function lookupName(names: Partial<Record<string, string>>, lang: string): string {
  return names[lang] || names.zh || names.en || '';
}

export const cropListQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(CROPS_MAX_PAGE_SIZE).default(20),
});
export type CropListQuery = z.infer<typeof cropListQuery>;

export const cropRow = z.object({
  cropId: z.number().int(),
  name: z.string(),
  names: lookupNames,
  /** grain, oil, fibre, fruit, vegetable, tea, sugar, ... */
  category: z.string().nullable().optional(),
  sort: z.number().int(),
});
export type CropRow = z.infer<typeof cropRow>;
export const cropPage = page(cropRow);
export type CropPage = z.infer<typeof cropPage>;

export const workTypeRow = z.object({
  workType: z.number().int(),
  name: z.string(),
  names: lookupNames,
});
export type WorkTypeRow = z.infer<typeof workTypeRow>;
export const workTypeList = z.array(workTypeRow);

const lPerMu = z.number().min(DOSE_L_PER_MU_MIN).max(DOSE_L_PER_MU_MAX);
const rangeRule = (v: { minLPerMu?: number; maxLPerMu?: number }) =>
  v.minLPerMu == null || v.maxLPerMu == null || v.minLPerMu <= v.maxLPerMu;
const rangeMessage = { message: 'minLPerMu must not exceed maxLPerMu', path: ['minLPerMu'] };

const medicineFields = {
  names: lookupNames,
  /** Pesticide registration number (e.g. PD20183456); unique. */
  regNo: trimmedText(MED_REG_NO_MAX).pipe(z.string().regex(MED_REG_NO_RE)),
  /** Active ingredient(s) and content, e.g. "氯虫苯甲酰胺 200 g/L". */
  ingredient: trimmedText(200).pipe(z.string().min(1)),
  /** Formulation, e.g. "悬浮剂 SC". */
  formulation: trimmedText(64).pipe(z.string().min(1)),
  minLPerMu: lPerMu,
  maxLPerMu: lPerMu,
};

export const medicineCreateBody = z.object(medicineFields).strict().refine(rangeRule, rangeMessage);
export type MedicineCreateBody = z.infer<typeof medicineCreateBody>;

/** Any of the fields; `enabled` switches the medicine on or off. The range is checked against the stored one. */
export const medicineUpdateBody = z
  .object({ ...medicineFields, enabled: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' })
  .refine(rangeRule, rangeMessage);
export type MedicineUpdateBody = z.infer<typeof medicineUpdateBody>;

export const medicineParams = z.object({ medId: idParam });

export const medicineRow = z.object({
  medId: idSchema,
  name: z.string(),
  names: lookupNames,
  regNo: z.string(),
  ingredient: z.string(),
  formulation: z.string(),
  minLPerMu: z.number(),
  maxLPerMu: z.number(),
  enabled: z.boolean(),
});
export type MedicineRow = z.infer<typeof medicineRow>;
export const medicineList = z.array(medicineRow);
