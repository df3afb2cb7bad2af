/** Kysely table types of the statistics (migrations 0007 and 0008): blocks, rollups, stat items. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BlocksTable {
  block_id: Generated<number>;
  block_name: string;
  yy_account_id: number;
  area_mu: number;
  /** PostgreSQL polygon, written as '((lng,lat),...)'. */
  shape: string;
  country_code: number;
  province_code: number | null;
  city_code: number | null;
  county_code: number | null;
  created_at: Timestamp;
  /** GeoJSON Polygon with holes (migration 0018); `shape` is its outer ring. */
  geometry: ColumnType<BlockGeometry, BlockGeometry | string, BlockGeometry | string>;
  crop_id: number | null;
  /** The medicine sprayed on it (0038; oper medicines), judged by the dose rule. */
  med_id: ColumnType<number | null, number | null | undefined, number | null>;
  remark: string | null;
  /** Finest known region of the centre. */
  region_code: number | null;
  center_lng: number | null;
  center_lat: number | null;
  created_by: number | null;
  updated_at: Timestamp;
  /** Generated (0018): the larger side of the outer ring's box, degrees. */
  extent_deg: ColumnType<number, never, never>;
  /** Generated (0018): box(shape), GiST-indexed for the monitor's map range. */
  bbox: ColumnType<string, never, never>;
  /** Generated (0018): the 0.25° cell of the box's centre (block_cells). */
  cell_x: ColumnType<number, never, never>;
  cell_y: ColumnType<number, never, never>;
}

export interface BlockGeometry {
  type: 'Polygon';
  coordinates: number[][][];
}

interface StatMeasures {
  sorties: number;
  area_mu: number;
  volume_l: number;
  duration_s: number;
}

/** A scoped rollup row (migration 0007): sk 0 platform, 1 region, 2 manufacturer, 3 operator. */
interface ScopedStat extends StatMeasures {
  sk: number;
  sid: number;
}

interface GrainStat extends ScopedStat {
  grain: 'a' | 'y' | 'm' | 'd';
  /** 'YYYY-MM-DD' (pg returns date columns as strings here: see db.ts). */
  period: string;
}

export interface StatDailyTable extends StatMeasures {
  day: string;
  region_code: number;
  drone_id: string;
  pilot_id: number;
  mode: string;
  crop_id: number;
  zz_account_id: number;
  yy_account_id: number;
  model_id: number;
  spray_time_s: number;
  distance_m: number;
}

/** A stat item (migration 0008): settings of data statistics, owned by an account. */
export interface StatItemsTable {
  stat_id: Generated<number>;
  account_id: number;
  user_id: number;
  name: string;
  period_type: number;
  start_time: Date | null;
  end_time: Date | null;
  region_code: number | null;
  tftz_type: number | null;
  crop_id: number | null;
  med_id: number | null;
  zz_account_id: number | null;
  yy_account_id: number | null;
  start_drone_id: string | null;
  end_drone_id: string | null;
  fly_model_id: number | null;
  task_ids: number[] | null;
  opr_id: number | null;
  area_unit: string;
  show_type: number;
  refresh_fre: Generated<number>;
  x: string;
  y: string;
  dimension: string | null;
  summary: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StatsTables {
  blocks: BlocksTable;
  stat_daily: StatDailyTable;
  stat_day: ScopedStat & { day: string; domestic: boolean };
  stat_hour: ScopedStat & { month: string; hour: number };
  stat_mode: ScopedStat & { month: string; mode: string };
  stat_region: GrainStat & { region_code: number };
  stat_drone: GrainStat & { drone_id: string };
  stat_pilot: GrainStat & { pilot_id: number };
  stat_block: GrainStat & { block_id: number; first_time: Date; block_area: number };
  stat_items: StatItemsTable;
}
