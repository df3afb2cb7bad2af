import { describe, expect, it } from 'vitest';
import { describeAnomaly } from './anomalyDetail.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  `${key}${vars ? JSON.stringify(vars) : ''}`;

describe('describeAnomaly', () => {
  it('describes the dose rule with the dose, the range and the task', () => {
    const detail = { rule: 'dose', doseLPerMu: 3.2, minLPerMu: 1, maxLPerMu: 2, medId: 4, tftzId: 9 };
    expect(describeAnomaly(t, 'bulletins:rule.dose', detail)).toBe(
      'bulletins:rule.dose{"dose":3.2,"min":1,"max":2,"tftzId":9}',
    );
  });
  it('names the unlisted accessories (oddType 6), with an ellipsis past those named', () => {
    const detail = { rule: 'accessory', accessories: [{ type: 1, hwId: 'BAT-9' }], count: 1 };
    expect(describeAnomaly(t, 'anomaly.rule.dose', detail)).toBe('anomaly.rule.accessory{"ids":"BAT-9"}');
    expect(describeAnomaly(t, 'bulletins:rule.dose', { ...detail, count: 3 })).toBe(
      'bulletins:rule.accessory{"ids":"BAT-9, …"}',
    );
  });
  it("names a no-fly alert's zone, and nothing for other details", () => {
    expect(describeAnomaly(t, 'x', { zoneName: 'Airport' })).toBe('Airport');
    expect(describeAnomaly(t, 'x', { reasons: ['drift'] })).toBe('');
    expect(describeAnomaly(t, 'x', undefined)).toBe('');
  });
});
