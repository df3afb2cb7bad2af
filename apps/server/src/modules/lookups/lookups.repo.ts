/**
 * The lookup catalogues in SQL: crops and work types (read-only, seeded by migration 0033), and
 * medicines (the platform creates and changes them). Names are stored per language (jsonb) and
 * answered with `name` in the caller's language.
 */
import {
  type CropRow,
  type Language,
  type LookupNames,
  lookupName,
  type MedicineCreateBody,
  type MedicineRow,
  type WorkTypeRow,
} from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

const namesOf = (v: Record<string, string>) => v as LookupNames;

interface MedicineDbRow {
  med_id: number;
  names: Record<string, string>;
  reg_no: string;
  ingredient: string;
  formulation: string;
  min_l_per_mu: number;
  max_l_per_mu: number;
  enabled: boolean;
}
const MED_COLUMNS = [
  'med_id',
  'names',
  'reg_no',
  'ingredient',
  'formulation',
  'min_l_per_mu',
  'max_l_per_mu',
  'enabled',
] as const;

function medicine(r: MedicineDbRow, lang: Language): MedicineRow {
  return {
    medId: r.med_id,
    name: lookupName(r.names, lang),
    names: namesOf(r.names),
    regNo: r.reg_no,
    ingredient: r.ingredient,
    formulation: r.formulation,
    minLPerMu: Number(r.min_l_per_mu),
    maxLPerMu: Number(r.max_l_per_mu),
    enabled: r.enabled,
  };
}

/** The columns a medicine write sets. */
export interface MedicineValues {
  names?: LookupNames;
  regNo?: string;
  ingredient?: string;
  formulation?: string;
  minLPerMu?: number;
  maxLPerMu?: number;
  enabled?: boolean;
}

function columns(v: MedicineValues) {
  return {
    ...(v.names !== undefined && { names: JSON.stringify(v.names) }),
    ...(v.regNo !== undefined && { reg_no: v.regNo }),
    ...(v.ingredient !== undefined && { ingredient: v.ingredient }),
    ...(v.formulation !== undefined && { formulation: v.formulation }),
    ...(v.minLPerMu !== undefined && { min_l_per_mu: v.minLPerMu }),
    ...(v.maxLPerMu !== undefined && { max_l_per_mu: v.maxLPerMu }),
    ...(v.enabled !== undefined && { enabled: v.enabled }),
  };
}

export function createLookupsRepo(db: Db) {
  /** Whether an id of a catalogue names an enabled entry. */
  const enabled = async (table: 'crops' | 'medicines', id: number): Promise<boolean> => {
    const key = table === 'crops' ? sql`crop_id` : sql`med_id`;
    const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} WHERE ${key} = ${id} AND enabled`.execute(
      db,
    );
    return rows.length > 0;
  };

  return {
    /** A page of the enabled crops, in display order. */
    async crops(lang: Language, page: number, size: number): Promise<{ records: CropRow[]; total: number }> {
      const base = db.selectFrom('crops').where('enabled', '=', true);
      const [rows, count] = await Promise.all([
        base
          .select(['crop_id', 'names', 'category', 'sort'])
          .orderBy('sort')
          .orderBy('crop_id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((r) => ({
          cropId: r.crop_id,
          name: lookupName(r.names, lang),
          names: namesOf(r.names),
          category: r.category,
          sort: r.sort,
        })),
        total: Number(count.n),
      };
    },

    /** Whether a crop id names an enabled crop (a block may carry it). */
    cropEnabled: (cropId: number) => enabled('crops', cropId),
    /** Whether a medicine id names an enabled medicine (a block may name it). */
    medicineEnabled: (medId: number) => enabled('medicines', medId),

    async workTypes(lang: Language): Promise<WorkTypeRow[]> {
      const rows = await db
        .selectFrom('work_types')
        .select(['work_type_id', 'names'])
        .orderBy('sort')
        .orderBy('work_type_id')
        .execute();
      return rows.map((r) => ({
        workType: r.work_type_id,
        name: lookupName(r.names, lang),
        names: namesOf(r.names),
      }));
    },

    async medicines(lang: Language): Promise<MedicineRow[]> {
      const rows = await db.selectFrom('medicines').select(MED_COLUMNS).orderBy('med_id').execute();
      return rows.map((r) => medicine(r, lang));
    },

    /** Inserts a medicine; a registration number already used throws the unique violation (23505). */
    async createMedicine(lang: Language, v: MedicineCreateBody): Promise<MedicineRow> {
      const row = await db
        .insertInto('medicines')
        .values({
          names: JSON.stringify(v.names),
          reg_no: v.regNo,
          ingredient: v.ingredient,
          formulation: v.formulation,
          min_l_per_mu: v.minLPerMu,
          max_l_per_mu: v.maxLPerMu,
        })
        .returning(MED_COLUMNS)
        .executeTakeFirstOrThrow();
      return medicine(row, lang);
    },

    /** The stored dose range of a medicine, locked until the request's transaction ends; null if none. */
    async lockMedicine(medId: number): Promise<{ minLPerMu: number; maxLPerMu: number } | null> {
      const row = await db
        .selectFrom('medicines')
        .select(['min_l_per_mu', 'max_l_per_mu'])
        .where('med_id', '=', medId)
        .forUpdate()
        .executeTakeFirst();
      return row ? { minLPerMu: Number(row.min_l_per_mu), maxLPerMu: Number(row.max_l_per_mu) } : null;
    },

    async updateMedicine(lang: Language, medId: number, v: MedicineValues): Promise<MedicineRow | null> {
      const row = await db
        .updateTable('medicines')
        .set({ ...columns(v), updated_at: new Date() })
        .where('med_id', '=', medId)
        .returning(MED_COLUMNS)
        .executeTakeFirst();
      return row ? medicine(row, lang) : null;
    },
  };
}
export type LookupsRepo = ReturnType<typeof createLookupsRepo>;
