/** Kysely table types of the lookup catalogues (migration 0033_lookups). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A name per language: { zh, en, 'zh-TW', th, ko }. */
type Names = ColumnType<Record<string, string>, string, string>;

export interface CropsTable {
  crop_id: number;
  names: Names;
  category: string | null;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface WorkTypesTable {
  work_type_id: number;
  names: Names;
  sort: Generated<number>;
}

export interface MedicinesTable {
  med_id: Generated<number>;
  names: Names;
  /** Pesticide registration number; unique regardless of case. */
  reg_no: string;
  ingredient: string;
  formulation: string;
  /** The registered spray-liquid range per mu for drone application. */
  min_l_per_mu: number;
  max_l_per_mu: number;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LookupTables {
  crops: CropsTable;
  work_types: WorkTypesTable;
  medicines: MedicinesTable;
}
