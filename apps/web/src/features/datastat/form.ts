/**
 * The create/edit form of a stat item (001 §3 "Data stat settings", verbatim names): each setting
 * with its widget and its rule from the domain contract, the cross-field rules of
 * statSettingsProblems with the server's wording, and the form's sections. Pure: config.test.ts.
 */
import {
  AREA_UNITS,
  type AreaUnit,
  DATASTAT_GROUPS,
  DATASTAT_MAX_DAYS,
  DATASTAT_MEASURES,
  DATASTAT_PERIOD_TYPES,
  DATASTAT_SHOW_TYPES,
  type DroneStatFilters,
  statSettings,
  statSettingsProblems,
  TFTZ_TYPES,
} from '@agrifleet/domain';
import type { Translate } from '../../list/columns.ts';
import type { FieldDef, FormProblem, FormSection, FormValues, Option, Options } from '../../list/types.ts';
import { REFRESH_CHOICES, refreshText } from './look.ts';

const rule = statSettings.shape;
const codes = (values: Record<number, string>, prefix: string): Option[] =>
  Object.entries(values).map(([code, name]) => ({ value: Number(code), labelKey: `${prefix}.${name}` }));
const named = (list: Array<{ id: number; name: string }> | undefined): Option[] =>
  (list ?? []).map((o) => ({ value: o.id, label: o.name }));

export const GROUP_OPTIONS: Option[] = DATASTAT_GROUPS.map((g) => ({
  value: g,
  labelKey: `datastat:group.${g}`,
}));
export const MEASURE_OPTIONS: Option[] = DATASTAT_MEASURES.map((m) => ({
  value: m,
  labelKey: `datastat:y.${m}`,
}));

/** What the form's selects offer besides fixed values. */
export interface FormChoices {
  /** Manufacturers, owners and models of the caller's scope. */
  scope: DroneStatFilters | undefined;
  pilots: Options;
  crops: Options;
  /** Unified tasks of the caller's scope (unified-task list) and medicines (oper/medicines). */
  tasks?: Option[];
  medicines?: Options;
}

/** Unified-task types (contracts/unifiedTasks TFTZ_TYPES), named by the unifiedTasks texts. */
const TFTZ_TYPE_OPTIONS: Option[] = TFTZ_TYPES.map((v) => ({
  value: v,
  labelKey: `unifiedTasks:tftzType.${v}`,
}));

export function settingsFields(choices: FormChoices, t: Translate): FieldDef[] {
  const label = (key: string) => `datastat:field.${key}`;
  const half = 12;
  const third = 8;
  const quarter = 6;
  return [
    { name: 'name', label: label('name'), kind: 'text', required: true, schema: rule.name, span: half },
    {
      name: 'periodType',
      label: label('periodType'),
      kind: 'select',
      required: true,
      options: codes(DATASTAT_PERIOD_TYPES, 'datastat:period'),
      span: half,
    },
    {
      name: 'period',
      label: label('period'),
      kind: 'dateRange',
      params: ['startTime', 'endTime'],
      // Whole days of the server's statistics time zone: the noon of each day keeps it (list/types.ts).
      at: 'noon',
      required: true,
      when: (v) => v.periodType === 1,
    },
    { name: 'x', label: label('x'), kind: 'select', required: true, options: GROUP_OPTIONS, span: third },
    { name: 'y', label: label('y'), kind: 'select', required: true, options: MEASURE_OPTIONS, span: third },
    {
      name: 'dimension',
      label: label('dimension'),
      kind: 'select',
      options: GROUP_OPTIONS,
      // A pie shows one series: no dimension.
      when: (v) => v.showType !== 4,
      help: 'datastat:help.dimension',
      span: third,
    },
    {
      name: 'showType',
      label: label('showType'),
      kind: 'select',
      required: true,
      options: codes(DATASTAT_SHOW_TYPES, 'datastat:show'),
      span: quarter,
    },
    {
      name: 'areaUnit',
      label: label('areaUnit'),
      kind: 'select',
      required: true,
      options: AREA_UNITS.map((u) => ({ value: u, labelKey: `common:areaUnitName.${u}` })),
      span: quarter,
    },
    {
      name: 'refreshFre',
      label: label('refreshFre'),
      kind: 'select',
      required: true,
      options: REFRESH_CHOICES.map((s) => ({ value: s, label: refreshText(s, t) })),
      span: quarter,
    },
    { name: 'summary', label: label('summary'), kind: 'switch', span: quarter },
    { name: 'region', label: label('region'), kind: 'region', span: half },
    { name: 'oprId', label: label('oprId'), kind: 'select', options: choices.pilots, span: half },
    {
      name: 'zzAccountId',
      label: label('zzAccountId'),
      kind: 'select',
      options: named(choices.scope?.manufacturers),
      span: half,
    },
    {
      name: 'yyAccountId',
      label: label('yyAccountId'),
      kind: 'select',
      options: named(choices.scope?.owners),
      span: half,
    },
    {
      name: 'flyModelId',
      label: label('flyModelId'),
      kind: 'select',
      options: named(choices.scope?.models),
      span: half,
    },
    { name: 'cropId', label: label('cropId'), kind: 'select', options: choices.crops, span: half },
    {
      name: 'startDroneId',
      label: label('startDroneId'),
      kind: 'text',
      schema: rule.startDroneId,
      span: half,
    },
    { name: 'endDroneId', label: label('endDroneId'), kind: 'text', schema: rule.endDroneId, span: half },
    {
      name: 'tftzType',
      label: label('tftzType'),
      kind: 'select',
      options: TFTZ_TYPE_OPTIONS,
      schema: rule.tftzType,
      span: third,
    },
    {
      name: 'medId',
      label: label('medId'),
      kind: 'select',
      options: choices.medicines ?? [],
      schema: rule.medId,
      span: third,
    },
    {
      name: 'taskIds',
      label: label('taskIds'),
      kind: 'tags',
      numeric: true,
      options: choices.tasks ?? [],
      schema: rule.taskIds,
      span: third,
    },
  ];
}

export const SETTINGS_SECTIONS: FormSection[] = [
  {
    title: 'datastat:section.chart',
    fields: ['x', 'y', 'dimension', 'showType', 'areaUnit', 'refreshFre', 'summary'],
  },
  {
    title: 'datastat:section.filters',
    fields: [
      'region',
      'oprId',
      'zzAccountId',
      'yyAccountId',
      'flyModelId',
      'cropId',
      'startDroneId',
      'endDroneId',
    ],
  },
  { title: 'datastat:section.tasks', fields: ['taskIds', 'tftzType', 'medId'] },
];

/** The settings of a new item. */
export const newSettings = (unit: AreaUnit): FormValues => ({
  periodType: 3,
  x: 'day',
  y: 'area',
  showType: 2,
  areaUnit: unit,
  refreshFre: 0,
  summary: true,
});

/** The rules across settings (statSettingsProblems, the server's own), on the fields they concern. */
export function settingsProblems(values: FormValues): FormProblem[] {
  const parsed = statSettings.safeParse(values);
  if (!parsed.success) return [];
  return statSettingsProblems(parsed.data).map((p) => ({
    field: p.field,
    message: `datastat:problem.${p.problem}`,
    vars: p.problem === 'dayRange' ? { days: DATASTAT_MAX_DAYS } : undefined,
  }));
}
