/** Kysely table types of the unified-task tables (migration 0034_unified_tasks; modules/unifiedTasks/README.md). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Day = ColumnType<string, string, string>;

export interface UnifiedTasksTable {
  tftz_id: Generated<number>;
  account_id: number;
  tftz_name: string;
  region_code: number;
  /** GeoJSON Polygon, or null. */
  polygon: ColumnType<unknown, string | null, string | null>;
  start_date: Day;
  end_date: Day;
  start_at: Timestamp;
  end_at: Timestamp;
  tftz_type: number;
  work_type: number | null;
  crop_id: number | null;
  med_id: number | null;
  zf_monitor: boolean;
  remark: Generated<string>;
  closure: 'finished' | 'cancelled' | null;
  closed_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TaskDronesTable {
  tftz_id: number;
  drone_id: string;
  data_start_date: Day;
  data_end_date: Day;
  start_at: Timestamp;
  end_at: Timestamp;
  created_at: Generated<Date>;
}

export interface TaskSortiesTable {
  tftz_id: number;
  sortie_id: number;
  drone_id: string;
  start_time: Timestamp;
  counted: boolean;
  reason: string | null;
  day: Day;
  region_code: number;
  pilot_id: number;
  mode: string;
  crop_id: number;
  zz_account_id: number;
  yy_account_id: number;
  model_id: number;
  area_mu: number;
  volume_l: number;
  duration_s: number;
  spray_time_s: number;
  distance_m: number;
  attributed_at: Generated<Date>;
}

export interface UnifiedTaskTables {
  unified_tasks: UnifiedTasksTable;
  task_drones: TaskDronesTable;
  task_sorties: TaskSortiesTable;
}
