import { describe, expect, it } from 'vitest';
import { type DoseSortie, type DoseTask, doseRule } from './doseRule.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 1);
const task = (over: Partial<DoseTask> = {}): DoseTask => ({
  tftzId: 7,
  medId: 3,
  minLPerMu: 1,
  maxLPerMu: 2,
  task: { startMs: T0, endMs: T0 + 10 * DAY, closedAtMs: null, regionCode: 156_320_000, polygon: null },
  enrolment: { startMs: T0, endMs: T0 + 10 * DAY },
  ...over,
});
const sortie = (over: Partial<DoseSortie> = {}): DoseSortie => ({
  startMs: T0 + DAY,
  simulated: false,
  regionCode: 156_320_115,
  volumeL: 30,
  areaMu: 10,
  centre: [118.8, 32],
  end: { time: T0 + DAY + 600_000, lng: 118.8, lat: 32 },
  ...over,
});

describe('doseRule', () => {
  it('raises oddType 2 rule dose for an overdosed sortie, with the range and the task', () => {
    const a = doseRule(sortie(), [task()]);
    expect(a).toMatchObject({
      oddType: 2,
      time: T0 + DAY + 600_000,
      detail: {
        rule: 'dose',
        verdict: 'high',
        doseLPerMu: 3,
        minLPerMu: 1,
        maxLPerMu: 2,
        medId: 3,
        tftzId: 7,
      },
    });
    expect(doseRule(sortie({ volumeL: 5 }), [task()])?.detail).toMatchObject({
      verdict: 'low',
      doseLPerMu: 0.5,
    });
  });
  it('raises nothing within the range and its 10 % tolerance, or under half a mu', () => {
    expect(doseRule(sortie({ volumeL: 21.9 }), [task()])).toBeNull();
    expect(doseRule(sortie({ volumeL: 9.1 }), [task()])).toBeNull();
    expect(doseRule(sortie({ areaMu: 0.4, volumeL: 4 }), [task()])).toBeNull();
  });
  it('judges only a sortie in the task: period, enrolment, region, not simulated', () => {
    expect(doseRule(sortie({ startMs: T0 - 1 }), [task()])).toBeNull();
    expect(
      doseRule(sortie(), [task({ enrolment: { startMs: T0 + 2 * DAY, endMs: T0 + 3 * DAY } })]),
    ).toBeNull();
    expect(doseRule(sortie({ regionCode: 156_410_100 }), [task()])).toBeNull();
    expect(doseRule(sortie({ regionCode: null }), [task()])).toBeNull();
    expect(doseRule(sortie({ simulated: true }), [task()])).toBeNull();
    // A drawn boundary: the spraying centre must lie inside it (not in a hole).
    const ring = (w: number, s: number, e: number, n: number): [number, number][] => [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ];
    const drawn = (coordinates: [number, number][][]) =>
      task({ task: { ...task().task, polygon: { type: 'Polygon', coordinates } } });
    expect(doseRule(sortie(), [drawn([ring(118.7, 31.9, 118.9, 32.1)])])?.detail).toMatchObject({
      verdict: 'high',
    });
    expect(doseRule(sortie(), [drawn([ring(118.9, 31.9, 119.1, 32.1)])])).toBeNull();
    expect(
      doseRule(sortie(), [drawn([ring(118.7, 31.9, 118.9, 32.1), ring(118.79, 31.99, 118.81, 32.01)])]),
    ).toBeNull();
    const closed = task({ task: { ...task().task, closedAtMs: T0 + DAY - 1 } });
    expect(doseRule(sortie(), [closed])).toBeNull();
    expect(doseRule(sortie(), [])).toBeNull();
  });
  it('judges by the lowest task id the sortie lies in', () => {
    const a = doseRule(sortie(), [
      task({ tftzId: 9, maxLPerMu: 5 }),
      task({ tftzId: 8 }),
      task({ tftzId: 2, task: { ...task().task, regionCode: 156_410_000 } }),
    ]);
    expect(a?.detail.tftzId).toBe(8);
    expect(doseRule(sortie(), [task({ tftzId: 1, maxLPerMu: 5 }), task({ tftzId: 8 })])).toBeNull();
  });
  it("judges a sortie no task holds against its block's medicine; a task's medicine comes first", () => {
    const block = { blockId: 41, medId: 5, minLPerMu: 1, maxLPerMu: 2 };
    expect(doseRule(sortie(), [], block)?.detail).toMatchObject({ verdict: 'high', medId: 5, blockId: 41 });
    expect(doseRule(sortie(), [], block)?.detail.tftzId).toBeUndefined();
    expect(doseRule(sortie({ volumeL: 15 }), [], block)).toBeNull();
    // The task allows 3 L/mu: within its range, the block's narrower one does not apply.
    expect(doseRule(sortie(), [task({ maxLPerMu: 3 })], block)).toBeNull();
    // A task that does not hold the sortie leaves the block to judge.
    expect(doseRule(sortie({ startMs: T0 - 1 }), [task()], block)?.detail.blockId).toBe(41);
  });
});
