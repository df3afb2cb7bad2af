/**
 * The life of a unified pest-control task (统防统治任务, 001 §3 "Unified task"). The state numbers are
 * those of ISO 11783-10 (ISOBUS task controller) TaskStatus, so a farm-management system that speaks
 * ISOXML reads them as it would its own: 1 Initial (planned), 2 Running, 4 Completed (finished),
 * 6 Canceled. ISO's 3 Paused and 5 Template are not used: a task runs over its whole period.
 *
 * Only the end of a task is stored (`closedAt` and whether it was finished early or cancelled); the
 * rest follows from the clock and the task's local days:
 *
 *   planned   --(startDate begins)-->  running  --(endDate ends)-->  finished
 *   planned / running  --(cancel)-->  cancelled     running --(finish early)--> finished
 *
 * A sortie counts only before the task closed (attribution.ts): finishing early or cancelling stops
 * the figures there; what was counted before stays. A cancelled task pays no subsidy.
 */

export const TASK_STATUS = {
  planned: 1,
  running: 2,
  finished: 4,
  cancelled: 6,
} as const;
export type TaskStatusName = keyof typeof TASK_STATUS;
export type TaskStatus = (typeof TASK_STATUS)[TaskStatusName];
export const TASK_STATUSES = [1, 2, 4, 6] as const satisfies readonly TaskStatus[];

/** How a task was closed before its period ended: finished early or cancelled (null: not closed). */
export type TaskClosure = 'finished' | 'cancelled' | null;

export interface TaskPeriod {
  /** First instant of startDate's local day, ms. */
  startMs: number;
  /** First instant after endDate's local day, ms (exclusive). */
  endMs: number;
  closure: TaskClosure;
  /** When it was closed by hand, ms (null: not closed). */
  closedAtMs: number | null;
}

/** The status of a task at `nowMs`. */
export function taskStatus(t: TaskPeriod, nowMs: number): TaskStatus {
  if (t.closure === 'cancelled') return TASK_STATUS.cancelled;
  if (t.closure === 'finished') return TASK_STATUS.finished;
  if (nowMs < t.startMs) return TASK_STATUS.planned;
  if (nowMs >= t.endMs) return TASK_STATUS.finished;
  return TASK_STATUS.running;
}

/** The instant after which nothing counts: the period's end, or the closing if it came first. */
export function taskCountsUntil(t: Pick<TaskPeriod, 'endMs' | 'closedAtMs'>): number {
  return t.closedAtMs != null ? Math.min(t.endMs, t.closedAtMs) : t.endMs;
}

/**
 * What a caller may do to a task in `status` (PATCH): edit its terms while nothing is final, close
 * it while it is planned or running. A finished or cancelled task is read-only, so paid subsidies
 * never lose the terms they were computed under.
 */
export function taskEditable(status: TaskStatus): boolean {
  return status === TASK_STATUS.planned || status === TASK_STATUS.running;
}
