/**
 * Unified tasks for the wiring tests of dose compliance, zfMonitor and the task data statistics,
 * written straight into the unified-task tables (migration 0034) as the task module stores them;
 * required columns the tests do not care about get plain values.
 */
import { sql } from 'kysely';
import type { Db } from '../src/platform/db.ts';
import { notify } from '../src/platform/notify.ts';

type Value = string | number | boolean | Date | null;

/** Plain values for required columns a test leaves out, by type. */
function filler(type: string, column: string): Value {
  if (/int|numeric|double|real/.test(type)) return 1;
  if (type === 'boolean') return false;
  if (type.startsWith('timestamp')) return new Date();
  if (type === 'date') return new Date().toISOString().slice(0, 10);
  if (type === 'jsonb' || type === 'json') return '{}';
  return `test ${column}`;
}

/** Inserts a row, filling required columns without a default that `values` leaves out. */
export async function insertRow(
  db: Db,
  table: string,
  values: Record<string, Value>,
): Promise<Record<string, unknown>> {
  const { rows: cols } = await sql<{ column_name: string; data_type: string }>`
    SELECT column_name, data_type FROM information_schema.columns
     WHERE table_name = ${table} AND is_nullable = 'NO' AND column_default IS NULL
       AND is_identity = 'NO' AND is_generated = 'NEVER'`.execute(db);
  const all: Record<string, Value> = { ...values };
  for (const c of cols) if (!(c.column_name in all)) all[c.column_name] = filler(c.data_type, c.column_name);
  const names = Object.keys(all);
  const { rows } = await sql<Record<string, unknown>>`INSERT INTO ${sql.table(table)}
    (${sql.join(names.map((n) => sql.ref(n)))}) VALUES (${sql.join(names.map((n) => all[n]))})
    RETURNING *`.execute(db);
  return rows[0] as Record<string, unknown>;
}

export interface TaskSpec {
  accountId: number;
  regionCode: number;
  startAt: Date;
  endAt: Date;
  tftzType?: number;
  medId?: number | null;
  zfMonitor?: boolean;
}

export async function insertTask(db: Db, s: TaskSpec): Promise<number> {
  const row = await insertRow(db, 'unified_tasks', {
    account_id: s.accountId,
    region_code: s.regionCode,
    start_at: s.startAt,
    end_at: s.endAt,
    tftz_type: s.tftzType ?? 1,
    med_id: s.medId ?? null,
    zf_monitor: s.zfMonitor ?? false,
  });
  await notify(db, 'unified_tasks', String(row.tftz_id));
  return Number(row.tftz_id);
}

export async function enrol(db: Db, tftzId: number, droneId: string, startAt: Date, endAt: Date) {
  await insertRow(db, 'task_drones', {
    tftz_id: tftzId,
    drone_id: droneId,
    start_at: startAt,
    end_at: endAt,
  });
  await notify(db, 'task_drones', String(tftzId));
}

export async function setZfMonitor(db: Db, tftzId: number, on: boolean) {
  await sql`UPDATE unified_tasks SET zf_monitor = ${on} WHERE tftz_id = ${tftzId}`.execute(db);
  await notify(db, 'unified_tasks', String(tftzId));
}
