/** Kysely table types of the commands tables (migration 0013). */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface DroneCommandsTable {
  id: Generated<number>;
  drone_id: string;
  type: string;
  /** jsonb: read as an object, written as a JSON string. */
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  state: Generated<string>;
  reason: string | null;
  attempts: Generated<number>;
  by_user_id: number | null;
  created_at: Timestamp;
  sent_at: Date | null;
  answered_at: Date | null;
}

export interface CommandsTables {
  drone_commands: DroneCommandsTable;
}
