/** Range pickers offer only days inside the shared time bound (issue 20, finding 14). */
import { describe, expect, it } from 'vitest';
import { dayOutsideTimeBound } from './query.ts';

describe('dayOutsideTimeBound', () => {
  it('allows the days every request may carry, refuses those beyond', () => {
    for (const day of ['1970-01-02', '2026-11-27', '9999-12-28'])
      expect(dayOutsideTimeBound(day), day).toBe(false);
    for (const day of ['1969-12-30', '0075-06-01', '0001-01-01', '9999-12-31', '10000-01-01', '275760-09-13'])
      expect(dayOutsideTimeBound(day), day).toBe(true);
  });
});
