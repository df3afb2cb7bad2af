/**
 * The drone model list (DroneModelList, 001 §2) as configuration of the shared list pattern
 * (src/list): filters (name; manufacturer for the platform; shape, power), columns (name,
 * manufacturer, shape, power, spray width, tank, drones, created), the create/edit dialog with the
 * translated shape and power selects, delete with confirmation, the row actions "merge into this"
 * and "add ID range", and the export. Pure: the page opens the dialogs; tested in config.test.ts.
 */
import {
  formatDate,
  type IdRangeProblem,
  idRangeCount,
  idRangeProblem,
  idRangeWidth,
  MODEL_POWERS,
  MODEL_SHAPES,
  type ModelPage,
  type ModelPower,
  type ModelRow,
  type ModelShape,
  modelNameSchema,
  rangeSerial,
  sprayWidthSchema,
  tankLitresSchema,
} from '@agrifleet/domain';
import type { Translate } from '../../list/columns.ts';
import type {
  CellValue,
  ColumnDef,
  FieldDef,
  FilterDef,
  FormDef,
  ListConfig,
  Options,
  RowAction,
} from '../../list/types.ts';
import { modelsApi } from './api.ts';

export interface ModelsLook {
  t: Translate;
  /** 'YYYY-MM-DD', for the export's file name. */
  today: string;
  /** The platform: filters by and chooses the manufacturer (a manufacturer has only its own models). */
  platform: boolean;
  /** The user may change models (ability manageEquipment). */
  canManage: boolean;
  /** Locale of number formatting. */
  locale: string;
}

export interface ModelsHooks {
  openMerge: (row: ModelRow) => void;
  openRange: (row: ModelRow) => void;
}

export const shapeOptions = MODEL_SHAPES.map((v) => ({ value: v, labelKey: `models:shape.${v}` }));
export const powerOptions = MODEL_POWERS.map((v) => ({ value: v, labelKey: `models:power.${v}` }));

/** Manufacturers for the platform's filter and create form, from the drones lookup. */
export const manufacturerOptions: Options = {
  key: ['manufacturers'],
  load: async () => (await modelsApi.manufacturers()).map((m) => ({ value: m.id, label: m.name })),
};

/** The values the create and edit dialog sends (numbers as numbers, names trimmed). */
export function modelBody(values: Record<string, unknown>) {
  return {
    modelName: String(values.modelName ?? '').trim(),
    shape: values.shape as ModelShape,
    power: values.power as ModelPower,
    sprayWidth: Number(values.sprayWidth),
    tankLitres: Number(values.tankLitres),
  };
}

export function modelForm(look: Pick<ModelsLook, 'platform'>): FormDef<ModelRow> {
  const fields: FieldDef[] = [
    ...(look.platform
      ? [
          {
            name: 'zzAccountId',
            label: 'models:field.manufacturer',
            kind: 'select' as const,
            required: true,
            options: manufacturerOptions,
            only: 'create' as const,
          },
        ]
      : []),
    {
      name: 'modelName',
      label: 'models:field.modelName',
      kind: 'text',
      required: true,
      schema: modelNameSchema,
      invalid: 'models:invalid.modelName',
    },
    {
      name: 'shape',
      label: 'models:field.shape',
      kind: 'select',
      required: true,
      options: shapeOptions,
      span: 12,
    },
    {
      name: 'power',
      label: 'models:field.power',
      kind: 'select',
      required: true,
      options: powerOptions,
      span: 12,
    },
    {
      name: 'sprayWidth',
      label: 'models:field.sprayWidth',
      kind: 'number',
      required: true,
      schema: sprayWidthSchema,
      invalid: 'models:invalid.sprayWidth',
      span: 12,
    },
    {
      name: 'tankLitres',
      label: 'models:field.tankLitres',
      kind: 'number',
      required: true,
      schema: tankLitresSchema,
      invalid: 'models:invalid.tankLitres',
      span: 12,
    },
  ];
  return {
    titles: { create: 'models:form.create', edit: 'models:form.edit' },
    fields,
    defaults: { shape: 'quad', power: 'electric' },
    create: (values) =>
      modelsApi.create({
        ...modelBody(values),
        ...(look.platform ? { zzAccountId: Number(values.zzAccountId) } : {}),
      }),
    update: (row, values) => modelsApi.update({ id: row.id, ...modelBody(values) }),
  };
}

export function modelsConfig(look: ModelsLook, hooks: ModelsHooks): ListConfig<ModelRow, ModelPage> {
  const { t } = look;
  const decimal = new Intl.NumberFormat(look.locale, { maximumFractionDigits: 2 });
  const col = (key: string, extra: Partial<ColumnDef<ModelRow>> = {}): ColumnDef<ModelRow> => ({
    key,
    title: `models:col.${key}`,
    ...extra,
  });
  const number = (v: CellValue) => decimal.format(Number(v));
  const filters: FilterDef[] = [
    { kind: 'text', name: 'modelName', label: 'models:filter.modelName' },
    ...(look.platform
      ? [
          {
            kind: 'select' as const,
            name: 'zzAccountId',
            label: 'models:filter.manufacturer',
            numeric: true,
            options: manufacturerOptions,
          },
        ]
      : []),
    { kind: 'select', name: 'shape', label: 'models:filter.shape', options: shapeOptions },
    { kind: 'select', name: 'power', label: 'models:filter.power', options: powerOptions },
  ];
  const rowActions: RowAction<ModelRow>[] = look.canManage
    ? [
        { key: 'idRange', label: 'models:action.idRange', onClick: (row) => hooks.openRange(row) },
        { key: 'merge', label: 'models:action.merge', onClick: (row) => hooks.openMerge(row) },
      ]
    : [];
  return {
    id: 'models',
    ns: ['models'],
    fetch: modelsApi.page,
    rowKey: (r) => r.id,
    filters,
    columns: [
      col('modelName', { sort: true, fixed: 'left' }),
      // A manufacturer sees only its own models: the column is the platform's.
      ...(look.platform ? [col('manufacturer', { value: (r) => r.zzAccountName })] : []),
      col('shape', { value: (r) => t(`models:shape.${r.shape}`) }),
      col('power', { value: (r) => t(`models:power.${r.power}`) }),
      col('sprayWidth', { sort: true, align: 'right', format: number, excel: '0.00' }),
      col('tankLitres', { sort: true, align: 'right', format: number, excel: '0.0' }),
      col('droneCount', { sort: true, align: 'right', excel: '0' }),
      col('createTime', { sort: true, value: (r) => formatDate(r.createTime, 'YYYY-MM-DD') }),
    ],
    rowActions,
    ...(look.canManage ? { form: modelForm(look), remove: (row: ModelRow) => modelsApi.remove(row.id) } : {}),
    export: { fileName: () => t('models:fileName', { date: look.today }) },
  };
}

/** What the ID range dialog shows for its current values: the count and the first and last serials, or the problem. */
export type RangePreview =
  | { ok: true; count: number; first: string; last: string }
  | { ok: false; problem: IdRangeProblem | { key: 'incomplete' } };

export function rangePreview(v: {
  prefix?: string;
  start?: number | null;
  end?: number | null;
  width?: number | null;
}): RangePreview {
  if (v.start == null || v.end == null || !Number.isInteger(v.start) || !Number.isInteger(v.end))
    return { ok: false, problem: { key: 'incomplete' } };
  const r = { prefix: v.prefix ?? '', start: v.start, end: v.end, width: v.width ?? undefined };
  const problem = idRangeProblem(r);
  if (problem) return { ok: false, problem };
  const width = idRangeWidth(r);
  return {
    ok: true,
    count: idRangeCount(r),
    first: rangeSerial(r.prefix, r.start, width),
    last: rangeSerial(r.prefix, r.end, width),
  };
}

/** The preview as text (i18n keys of the `models` namespace). */
export function previewText(p: RangePreview, t: Translate, locale = 'en'): string {
  const n = (v: number) => new Intl.NumberFormat(locale).format(v);
  if (p.ok) return t('models:range.preview', { count: n(p.count), first: p.first, last: p.last });
  switch (p.problem.key) {
    case 'incomplete':
      return t('models:range.incomplete');
    case 'empty':
      return t('models:range.empty');
    case 'tooMany':
      return t('models:range.tooMany', { max: n(p.problem.max), count: n(p.problem.count) });
  }
}
