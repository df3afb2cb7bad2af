import { describe, expect, it } from 'vitest';
import {
  attributeSortie,
  type EnrolmentTerms,
  EXCLUSION_REASONS,
  REGION_MIN_SHARE,
  regionCodeRange,
  regionContains,
  type SortieFacts,
  type TaskTerms,
} from './attribution.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 1) - 8 * 3_600_000; // 2026-06-01 00:00 +08:00
const PROVINCE = 156_320_000; // Jiangsu
const CITY = 156_320_100; // Nanjing
const COUNTY = 156_320_102; // a county of Nanjing
const OTHER_CITY_COUNTY = 156_320_201; // a county of another city of the province
const NEIGHBOUR_PROVINCE_COUNTY = 156_330_102; // a county of Zhejiang

const task = (over: Partial<TaskTerms> = {}): TaskTerms => ({
  startMs: T0,
  endMs: T0 + 30 * DAY,
  closedAtMs: null,
  regionCode: PROVINCE,
  hasPolygon: false,
  workType: null,
  cropId: null,
  ...over,
});
const enrolment = (over: Partial<EnrolmentTerms> = {}): EnrolmentTerms => ({
  startMs: T0,
  endMs: T0 + 30 * DAY,
  ...over,
});
const sortie = (over: Partial<SortieFacts> = {}): SortieFacts => ({
  startMs: T0 + 5 * DAY,
  simulated: false,
  regionCode: COUNTY,
  insideShare: null,
  workType: 1,
  cropId: 7,
  ...over,
});
const reason = (t: TaskTerms, e: EnrolmentTerms | null, s: SortieFacts) => {
  const v = attributeSortie(t, e, s);
  return v.counted ? 'counted' : v.reason;
};

describe('attributeSortie: each reason', () => {
  it('counts a sortie that meets every term', () => {
    expect(attributeSortie(task({ workType: 1, cropId: 7 }), enrolment(), sortie())).toEqual({
      counted: true,
    });
  });

  it('leaves out a simulated sortie', () => {
    expect(reason(task(), enrolment(), sortie({ simulated: true }))).toBe('simulated');
  });

  it('leaves out a drone that is not enrolled', () => {
    expect(reason(task(), null, sortie())).toBe('notEnrolled');
  });

  it('leaves out a take-off outside the task period', () => {
    expect(reason(task(), enrolment(), sortie({ startMs: T0 - 1 }))).toBe('outOfPeriod');
    expect(reason(task(), enrolment(), sortie({ startMs: T0 + 31 * DAY }))).toBe('outOfPeriod');
  });

  it('leaves out a take-off outside the enrolment days', () => {
    const e = enrolment({ startMs: T0 + 10 * DAY, endMs: T0 + 20 * DAY });
    expect(reason(task(), e, sortie({ startMs: T0 + 9 * DAY }))).toBe('outOfEnrolment');
    expect(reason(task(), e, sortie({ startMs: T0 + 20 * DAY }))).toBe('outOfEnrolment');
    expect(reason(task(), e, sortie({ startMs: T0 + 10 * DAY }))).toBe('counted');
  });

  it('leaves out a sortie outside the region, or with no region', () => {
    expect(reason(task(), enrolment(), sortie({ regionCode: NEIGHBOUR_PROVINCE_COUNTY }))).toBe(
      'outOfRegion',
    );
    expect(reason(task(), enrolment(), sortie({ regionCode: null }))).toBe('outOfRegion');
  });

  it('leaves out another work type, or an unknown one, when the task names one', () => {
    expect(reason(task({ workType: 1 }), enrolment(), sortie({ workType: 2 }))).toBe('otherWorkType');
    expect(reason(task({ workType: 1 }), enrolment(), sortie({ workType: null }))).toBe('otherWorkType');
    expect(reason(task({ workType: null }), enrolment(), sortie({ workType: null }))).toBe('counted');
  });

  it('tells another crop from an unknown crop when the task names one', () => {
    expect(reason(task({ cropId: 7 }), enrolment(), sortie({ cropId: 7 }))).toBe('counted');
    expect(reason(task({ cropId: 7 }), enrolment(), sortie({ cropId: 8 }))).toBe('otherCrop');
    expect(reason(task({ cropId: 7 }), enrolment(), sortie({ cropId: null }))).toBe('cropUnknown');
    expect(reason(task({ cropId: null }), enrolment(), sortie({ cropId: null }))).toBe('counted');
    expect(reason(task({ cropId: null }), enrolment(), sortie({ cropId: 8 }))).toBe('counted');
  });

  it('lists the reasons in their order of precedence', () => {
    expect(EXCLUSION_REASONS).toEqual([
      'simulated',
      'notEnrolled',
      'outOfPeriod',
      'outOfEnrolment',
      'outOfRegion',
      'otherWorkType',
      'otherCrop',
      'cropUnknown',
    ]);
  });
});

describe('attributeSortie: precedence', () => {
  // A sortie failing every term; each step repairs the first failure, revealing the next reason.
  const t = task({ workType: 1, cropId: 7, hasPolygon: true });
  const e = enrolment({ startMs: T0 + 10 * DAY, endMs: T0 + 20 * DAY });
  const worst = sortie({
    simulated: true,
    startMs: T0 - DAY,
    regionCode: NEIGHBOUR_PROVINCE_COUNTY,
    insideShare: 0,
    workType: 2,
    cropId: null,
  });

  it('gives the first reason a sortie fails, in the documented order', () => {
    let s = worst;
    expect(reason(t, null, s)).toBe('simulated');
    s = { ...s, simulated: false };
    expect(reason(t, null, s)).toBe('notEnrolled');
    expect(reason(t, e, s)).toBe('outOfPeriod');
    s = { ...s, startMs: T0 + 5 * DAY }; // in the task's period, before the enrolment
    expect(reason(t, e, s)).toBe('outOfEnrolment');
    s = { ...s, startMs: T0 + 15 * DAY };
    expect(reason(t, e, s)).toBe('outOfRegion');
    s = { ...s, regionCode: COUNTY };
    expect(reason(t, e, s)).toBe('outOfRegion'); // the polygon share still fails
    s = { ...s, insideShare: 1 };
    expect(reason(t, e, s)).toBe('otherWorkType');
    s = { ...s, workType: 1 };
    expect(reason(t, e, s)).toBe('cropUnknown');
    expect(reason(t, e, { ...s, cropId: 8 })).toBe('otherCrop');
    s = { ...s, cropId: 7 };
    expect(reason(t, e, s)).toBe('counted');
  });

  it('puts otherWorkType before otherCrop, and outOfPeriod before outOfEnrolment', () => {
    expect(reason(task({ workType: 1, cropId: 7 }), enrolment(), sortie({ workType: 2, cropId: 8 }))).toBe(
      'otherWorkType',
    );
    const late = enrolment({ startMs: T0 + 40 * DAY, endMs: T0 + 50 * DAY });
    expect(reason(task(), late, sortie({ startMs: T0 + 45 * DAY }))).toBe('outOfPeriod');
  });
});

describe('attributeSortie: half-open periods', () => {
  it('counts a take-off exactly at the start and leaves out one exactly at the end', () => {
    const t = task();
    expect(reason(t, enrolment(), sortie({ startMs: t.startMs }))).toBe('counted');
    expect(reason(t, enrolment(), sortie({ startMs: t.endMs - 1 }))).toBe('counted');
    expect(reason(t, enrolment(), sortie({ startMs: t.endMs }))).toBe('outOfPeriod');
    expect(reason(t, enrolment(), sortie({ startMs: t.startMs - 1 }))).toBe('outOfPeriod');
  });

  it('does the same for the enrolment days', () => {
    const e = enrolment({ startMs: T0 + DAY, endMs: T0 + 2 * DAY });
    expect(reason(task(), e, sortie({ startMs: e.startMs }))).toBe('counted');
    expect(reason(task(), e, sortie({ startMs: e.endMs - 1 }))).toBe('counted');
    expect(reason(task(), e, sortie({ startMs: e.endMs }))).toBe('outOfEnrolment');
    expect(reason(task(), e, sortie({ startMs: e.startMs - 1 }))).toBe('outOfEnrolment');
  });
});

describe('attributeSortie: closure', () => {
  const closedAtMs = T0 + 10 * DAY;
  const t = task({ closedAtMs });

  it('stops counting at the closing instant (finished early or cancelled)', () => {
    expect(reason(t, enrolment(), sortie({ startMs: closedAtMs - 1 }))).toBe('counted');
    expect(reason(t, enrolment(), sortie({ startMs: closedAtMs }))).toBe('outOfPeriod');
    expect(reason(t, enrolment(), sortie({ startMs: closedAtMs + DAY }))).toBe('outOfPeriod');
  });

  it('keeps the period end when the task was closed after it', () => {
    const late = task({ closedAtMs: T0 + 40 * DAY });
    expect(reason(late, enrolment(), sortie({ startMs: late.endMs - 1 }))).toBe('counted');
    expect(reason(late, enrolment(), sortie({ startMs: late.endMs }))).toBe('outOfPeriod');
  });

  it('closes before the task began: nothing counts', () => {
    const early = task({ closedAtMs: T0 - DAY });
    expect(reason(early, enrolment(), sortie({ startMs: T0 }))).toBe('outOfPeriod');
  });
});

describe('attributeSortie: drawn polygon', () => {
  const t = task({ hasPolygon: true });

  it('counts a sortie with exactly REGION_MIN_SHARE of its sprayed area inside, not less', () => {
    expect(REGION_MIN_SHARE).toBe(0.5);
    expect(reason(t, enrolment(), sortie({ insideShare: REGION_MIN_SHARE }))).toBe('counted');
    expect(reason(t, enrolment(), sortie({ insideShare: 1 }))).toBe('counted');
    expect(reason(t, enrolment(), sortie({ insideShare: REGION_MIN_SHARE - 0.001 }))).toBe('outOfRegion');
    expect(reason(t, enrolment(), sortie({ insideShare: 0 }))).toBe('outOfRegion');
  });

  it('takes a missing share as none inside', () => {
    expect(reason(t, enrolment(), sortie({ insideShare: null }))).toBe('outOfRegion');
  });

  it('still needs the administrative region too', () => {
    expect(reason(t, enrolment(), sortie({ insideShare: 1, regionCode: NEIGHBOUR_PROVINCE_COUNTY }))).toBe(
      'outOfRegion',
    );
  });

  it('ignores the share when the task has no polygon', () => {
    expect(reason(task(), enrolment(), sortie({ insideShare: 0 }))).toBe('counted');
  });
});

describe('region containment', () => {
  it('gives the range of codes below each level', () => {
    expect(regionCodeRange(156_000_000)).toEqual([156_000_000, 156_999_999]);
    expect(regionCodeRange(PROVINCE)).toEqual([156_320_000, 156_329_999]);
    expect(regionCodeRange(CITY)).toEqual([156_320_100, 156_320_199]);
    expect(regionCodeRange(COUNTY)).toEqual([COUNTY, COUNTY]);
  });

  it('a province holds its cities and counties, not a neighbour', () => {
    expect(regionContains(PROVINCE, PROVINCE)).toBe(true);
    expect(regionContains(PROVINCE, CITY)).toBe(true);
    expect(regionContains(PROVINCE, COUNTY)).toBe(true);
    expect(regionContains(PROVINCE, OTHER_CITY_COUNTY)).toBe(true);
    expect(regionContains(PROVINCE, 156_330_000)).toBe(false);
    expect(regionContains(PROVINCE, NEIGHBOUR_PROVINCE_COUNTY)).toBe(false);
    expect(regionContains(PROVINCE, 156_310_000)).toBe(false);
  });

  it('a city holds its counties, not another city of the province nor the province', () => {
    expect(regionContains(CITY, CITY)).toBe(true);
    expect(regionContains(CITY, COUNTY)).toBe(true);
    expect(regionContains(CITY, OTHER_CITY_COUNTY)).toBe(false);
    expect(regionContains(CITY, 156_320_200)).toBe(false);
    expect(regionContains(CITY, PROVINCE)).toBe(false);
  });

  it('a county holds only itself', () => {
    expect(regionContains(COUNTY, COUNTY)).toBe(true);
    expect(regionContains(COUNTY, COUNTY + 1)).toBe(false);
    expect(regionContains(COUNTY, CITY)).toBe(false);
  });

  it('a country holds its provinces, not another country', () => {
    expect(regionContains(156_000_000, COUNTY)).toBe(true);
    expect(regionContains(156_000_000, 764_100_000)).toBe(false);
  });

  it('applies at each level of a task', () => {
    expect(reason(task({ regionCode: CITY }), enrolment(), sortie({ regionCode: COUNTY }))).toBe('counted');
    expect(reason(task({ regionCode: CITY }), enrolment(), sortie({ regionCode: OTHER_CITY_COUNTY }))).toBe(
      'outOfRegion',
    );
    expect(reason(task({ regionCode: COUNTY }), enrolment(), sortie({ regionCode: COUNTY }))).toBe('counted');
    // a sortie known only to its province is not inside one of the province's counties
    expect(reason(task({ regionCode: COUNTY }), enrolment(), sortie({ regionCode: PROVINCE }))).toBe(
      'outOfRegion',
    );
    expect(reason(task({ regionCode: PROVINCE }), enrolment(), sortie({ regionCode: CITY }))).toBe('counted');
  });
});
