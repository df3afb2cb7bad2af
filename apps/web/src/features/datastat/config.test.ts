import type { StatItem } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { cellValue } from '../../list/columns.ts';
import { formSections, shownFields, submittedValues } from '../../list/fields.ts';
import { dayInstant } from '../../list/query.ts';
import type { FormDef } from '../../list/types.ts';
import { datastatConfig, groupChoices } from './config.ts';
import { periodText, REFRESH_CHOICES, refreshText } from './look.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const none = { open: () => undefined, preview: () => undefined, changed: () => undefined };
const choices = {
  scope: { manufacturers: [{ id: 3, name: '极翼' }], owners: [], models: [{ id: 9, name: 'JY-T40' }] },
  pilots: [{ value: 5, label: '赵强' }],
  crops: [{ value: 1, label: 'datastat:cropName(1)' }],
};
const config = (unit: 'mu' | 'acre' = 'mu') => datastatConfig({ t, unit, language: 'en' }, choices, none);
const form = () => config().form as FormDef<StatItem>;

const item: StatItem = {
  statId: 7,
  name: 'Area per month',
  periodType: 1,
  startTime: dayInstant('2026-01-01', 'noon'),
  endTime: dayInstant('2026-03-31', 'noon'),
  region: null,
  tftzType: null,
  cropId: null,
  medId: null,
  zzAccountId: 3,
  yyAccountId: null,
  startDroneId: null,
  endDroneId: null,
  flyModelId: null,
  taskIds: [12, 13],
  oprId: null,
  areaUnit: 'mu',
  showType: 2,
  refreshFre: 300,
  x: 'month',
  y: 'area',
  dimension: 'mode',
  summary: true,
  userId: 1,
  userName: 'admin',
  createdAt: 0,
  updatedAt: Date.UTC(2026, 3, 2, 1, 5), // 09:05 in the statistics time zone (Asia/Shanghai)
};

describe('data stat list configuration', () => {
  it('lists 10 items a page with their settings in words', () => {
    const c = config();
    expect(c.pageSize).toBe(10);
    const cells = Object.fromEntries(c.columns.map((col) => [col.key, cellValue(col, item)]));
    expect(cells).toEqual({
      name: 'Area per month',
      x: 'datastat:group.month',
      dimension: 'datastat:group.mode',
      y: 'datastat:y.area',
      showType: 'datastat:show.bar',
      period: '2026-01-01 ~ 2026-03-31',
      refreshFre: 'datastat:refresh.minutes(5)',
      updatedAt: '2026-04-02 09:05',
    });
    expect(c.rowActions?.map((a) => [a.key, a.first])).toEqual([['open', true]]);
  });

  it('texts of periods and refresh intervals', () => {
    expect(periodText({ periodType: 3, startTime: null, endTime: null }, t)).toBe(
      'datastat:period.thisMonth',
    );
    expect(REFRESH_CHOICES.map((s) => refreshText(s, t))).toEqual([
      'datastat:refresh.manual',
      'datastat:refresh.minutes(1)',
      'datastat:refresh.minutes(5)',
      'datastat:refresh.minutes(10)',
      'datastat:refresh.minutes(30)',
      'datastat:refresh.hours(1)',
      'datastat:refresh.hours(6)',
      'datastat:refresh.hours(24)',
    ]);
    expect(refreshText(90, t)).toBe('datastat:refresh.seconds(90)');
  });

  it('a form of every setting, in sections; a new item in the user unit', () => {
    const f = form();
    const names = f.fields.map((x) => x.name).sort();
    expect(names).toEqual(
      [
        'name',
        'periodType',
        'period',
        'region',
        'tftzType',
        'cropId',
        'medId',
        'zzAccountId',
        'yyAccountId',
        'startDroneId',
        'endDroneId',
        'flyModelId',
        'taskIds',
        'oprId',
        'areaUnit',
        'showType',
        'refreshFre',
        'x',
        'y',
        'dimension',
        'summary',
      ].sort(),
    );
    expect(formSections(f.fields, f.sections).map((g) => g.fields.length)).toEqual([3, 7, 8, 3]);
    expect(datastatConfig({ t, unit: 'acre', language: 'en' }, choices, none).form?.defaults).toMatchObject({
      areaUnit: 'acre',
      periodType: 3,
      showType: 2,
      summary: true,
    });
    const zz = f.fields.find((x) => x.name === 'zzAccountId');
    expect(zz?.options).toEqual([{ value: 3, label: '极翼' }]);
  });

  it('the date range only for a custom period, no dimension for a pie; the values sent', () => {
    const f = form();
    expect(shownFields(f.fields, 'create', { periodType: 3 }).map((x) => x.name)).not.toContain('period');
    expect(shownFields(f.fields, 'create', { showType: 4 }).map((x) => x.name)).not.toContain('dimension');
    const values = submittedValues(f.fields, 'edit', {
      name: ' A ',
      periodType: 1,
      period: ['2026-01-01', '2026-01-31'],
      x: 'day',
      y: 'area',
      dimension: undefined,
      showType: 2,
      areaUnit: 'mu',
      refreshFre: 0,
      summary: false,
      taskIds: ['12', ' 13'],
      startDroneId: '',
    });
    expect(values).toEqual({
      name: 'A',
      periodType: 1,
      startTime: dayInstant('2026-01-01', 'noon'),
      endTime: dayInstant('2026-01-31', 'noon'),
      x: 'day',
      y: 'area',
      showType: 2,
      areaUnit: 'mu',
      refreshFre: 0,
      summary: false,
      taskIds: [12, 13],
    });
  });

  it('rules across settings with the server wording, on the fields concerned', () => {
    const check = form().check;
    const base = { name: 'A', periodType: 3, x: 'month', y: 'area', showType: 2 };
    expect(check?.(base)).toEqual([]);
    expect(check?.({ ...base, periodType: 5, x: 'day' })).toEqual([
      { field: 'periodType', message: 'datastat:problem.dayRange', vars: { days: 366 } },
    ]);
    expect(check?.({ ...base, periodType: 1, startTime: 5, endTime: 1 })).toEqual([
      { field: 'startTime', message: 'datastat:problem.periodRange', vars: undefined },
    ]);
    expect(check?.({ ...base, dimension: 'month' }).map((p) => p.field)).toEqual(['dimension']);
    expect(check?.({ ...base, startDroneId: 'B', endDroneId: 'A' }).map((p) => p.message)).toEqual([
      'datastat:problem.droneRange',
    ]);
  });

  it('pilots and crops to choose from, from the figures of the scope', () => {
    const d = { xKeys: ['5', '0', '2', null], xData: ['赵强', 'Unknown', '孙丽', 'Others'] };
    expect(groupChoices('pilot', d, t)).toEqual([
      { value: 5, label: '赵强' },
      { value: 2, label: '孙丽' },
    ]);
    expect(groupChoices('crop', { xKeys: ['4', '1', ''], xData: ['4', '1', 'Unknown'] }, t)).toEqual([
      { value: 1, label: 'datastat:cropName(1)' },
      { value: 4, label: 'datastat:cropName(4)' },
    ]);
  });
});

describe('the unified-task settings (issue 22 #5)', () => {
  const withTasks = datastatConfig(
    { t, unit: 'mu', language: 'en' },
    {
      ...choices,
      tasks: [{ value: 12, label: '12 · 小麦一喷三防' }],
      medicines: [{ value: 4, label: '吡虫啉' }],
    },
    none,
  ).form as FormDef<StatItem>;
  const field = (name: string) => withTasks.fields.find((f) => f.name === name);

  it('offers the tasks, the task types and the medicines to pick from', () => {
    expect(field('taskIds')).toMatchObject({ kind: 'tags', numeric: true, options: [{ value: 12 }] });
    expect(field('tftzType')).toMatchObject({ kind: 'select' });
    expect(
      ((field('tftzType')?.options ?? []) as Array<{ labelKey: string }>).map((o) => o.labelKey),
    ).toEqual([
      'unifiedTasks:tftzType.1',
      'unifiedTasks:tftzType.2',
      'unifiedTasks:tftzType.3',
      'unifiedTasks:tftzType.4',
    ]);
    expect(field('medId')).toMatchObject({ kind: 'select', options: [{ value: 4, label: '吡虫啉' }] });
  });

  it('shows them as a section of their own, no longer as "not applied"', () => {
    const titles = (withTasks.sections ?? []).map((s) => s.title);
    expect(titles).toContain('datastat:section.tasks');
    expect(titles).not.toContain('datastat:section.notApplied');
  });
});
