import { describe, expect, it } from 'vitest';
import {
  TASK_STATUS,
  TASK_STATUSES,
  type TaskPeriod,
  taskCountsUntil,
  taskEditable,
  taskStatus,
} from './taskStatus.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 1) - 8 * 3_600_000;
const END = START + 10 * DAY;
const period = (over: Partial<TaskPeriod> = {}): TaskPeriod => ({
  startMs: START,
  endMs: END,
  closure: null,
  closedAtMs: null,
  ...over,
});

describe('taskStatus', () => {
  it('uses the ISO 11783-10 numbers', () => {
    expect(TASK_STATUS).toEqual({ planned: 1, running: 2, finished: 4, cancelled: 6 });
    expect(TASK_STATUSES).toEqual([1, 2, 4, 6]);
  });

  it('is planned before the first day, running from its first instant, finished from the end', () => {
    expect(taskStatus(period(), START - 1)).toBe(TASK_STATUS.planned);
    expect(taskStatus(period(), START)).toBe(TASK_STATUS.running);
    expect(taskStatus(period(), END - 1)).toBe(TASK_STATUS.running);
    expect(taskStatus(period(), END)).toBe(TASK_STATUS.finished);
    expect(taskStatus(period(), END + 100 * DAY)).toBe(TASK_STATUS.finished);
  });

  it('is finished once finished early, whatever the clock', () => {
    const p = period({ closure: 'finished', closedAtMs: START + 3 * DAY });
    expect(taskStatus(p, START + 4 * DAY)).toBe(TASK_STATUS.finished);
    expect(taskStatus(p, START - DAY)).toBe(TASK_STATUS.finished);
  });

  it('is cancelled once cancelled, planned or running, and after its end', () => {
    const planned = period({ closure: 'cancelled', closedAtMs: START - DAY });
    expect(taskStatus(planned, START - 1)).toBe(TASK_STATUS.cancelled);
    const running = period({ closure: 'cancelled', closedAtMs: START + DAY });
    expect(taskStatus(running, START + 2 * DAY)).toBe(TASK_STATUS.cancelled);
    expect(taskStatus(running, END + DAY)).toBe(TASK_STATUS.cancelled);
  });
});

describe('taskCountsUntil', () => {
  it('is the period end when not closed', () => {
    expect(taskCountsUntil(period())).toBe(END);
  });

  it('is the closing when it came before the end (finished early or cancelled)', () => {
    expect(taskCountsUntil(period({ closure: 'finished', closedAtMs: START + DAY }))).toBe(START + DAY);
    expect(taskCountsUntil(period({ closure: 'cancelled', closedAtMs: START + 2 * DAY }))).toBe(
      START + 2 * DAY,
    );
  });

  it('stays the period end when closed after it', () => {
    expect(taskCountsUntil(period({ closure: 'finished', closedAtMs: END + DAY }))).toBe(END);
  });
});

describe('taskEditable', () => {
  it('lets a planned or running task be edited or closed, never a finished or cancelled one', () => {
    expect(taskEditable(TASK_STATUS.planned)).toBe(true);
    expect(taskEditable(TASK_STATUS.running)).toBe(true);
    expect(taskEditable(TASK_STATUS.finished)).toBe(false);
    expect(taskEditable(TASK_STATUS.cancelled)).toBe(false);
    expect(TASK_STATUSES.filter(taskEditable)).toEqual([1, 2]);
  });
});
