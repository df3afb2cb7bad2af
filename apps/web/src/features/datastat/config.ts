/**
 * The data statistics list (DataStatList) as configuration of the shared list pattern (src/list):
 * the account's stat items, 10 a page (001 §9), filtered by name; open, edit and delete per row; the
 * create/edit form of every setting (form.ts) with a preview. Pure: tested in config.test.ts.
 */
import {
  type AreaUnit,
  DATASTAT_PAGE_SIZE,
  DATASTAT_SHOW_TYPES,
  type DatastatShowType,
  formatDate,
  type StatDetail,
  type StatItem,
  type StatSettingsInput,
} from '@agrifleet/domain';
import type { Translate } from '../../list/columns.ts';
import type { FormValues, ListConfig, Option, Options } from '../../list/types.ts';
import { datastatApi, type StatItemPage } from './api.ts';
import {
  type FormChoices,
  newSettings,
  SETTINGS_SECTIONS,
  settingsFields,
  settingsProblems,
} from './form.ts';
import { periodText, refreshText } from './look.ts';

export interface DatastatLook {
  t: Translate;
  /** The user's area unit: the default of a new item. */
  unit: AreaUnit;
  /** UI language (the cache key of translated options). */
  language: string;
}

export interface DatastatHandlers {
  /** Opens an item's detail. */
  open: (item: StatItem) => void;
  /** Shows the figures of settings not stored yet. */
  preview: (settings: StatSettingsInput) => void;
  /** After an item was created, changed or deleted (the overview counts them). */
  changed: () => void;
}

/**
 * Choices of a group from a detail with that group on x: pilots by name (most active first), crops
 * by id (no crop registry: "Crop 3"); the unknown (key '' or '0') and "others" left out.
 */
export function groupChoices(
  group: 'pilot' | 'crop',
  d: Pick<StatDetail, 'xKeys' | 'xData'>,
  t: Translate,
): Option[] {
  const known = d.xKeys.flatMap((key, i) => (key && key !== '0' ? [{ key, name: d.xData[i] ?? key }] : []));
  if (group === 'pilot') return known.map((k) => ({ value: Number(k.key), label: k.name }));
  return known
    .map((k) => Number(k.key))
    .sort((a, b) => a - b)
    .map((id) => ({ value: id, label: t('datastat:cropName', { id }) }));
}

/**
 * Options of the groups without a list of their own, from the figures of the caller's scope (an
 * unsaved stat item over all time with the group on x): the pilots who flew, the crops treated.
 */
export function groupOptions(group: 'pilot' | 'crop', look: Pick<DatastatLook, 't' | 'language'>): Options {
  return {
    key: ['datastat', 'options', group, look.language],
    load: async () =>
      groupChoices(
        group,
        await datastatApi.preview({ periodType: 5, x: group, y: 'sorties', showType: 2 }),
        look.t,
      ),
  };
}

export function datastatConfig(
  look: DatastatLook,
  choices: FormChoices,
  on: DatastatHandlers,
): ListConfig<StatItem, StatItemPage> {
  const { t } = look;
  const after = async <T>(call: Promise<T>) => {
    const out = await call;
    on.changed();
    return out;
  };
  const settings = (values: FormValues) => values as unknown as StatSettingsInput;
  return {
    id: 'datastat',
    ns: ['datastat'],
    fetch: datastatApi.page,
    rowKey: (r) => r.statId,
    pageSize: DATASTAT_PAGE_SIZE,
    filters: [{ kind: 'text', name: 'name', label: 'datastat:filter.name' }],
    columns: [
      { key: 'name', title: 'datastat:col.name', ellipsis: true, width: 220 },
      { key: 'x', title: 'datastat:col.x', value: (r) => t(`datastat:group.${r.x}`) },
      {
        key: 'dimension',
        title: 'datastat:col.dimension',
        value: (r) => (r.dimension ? t(`datastat:group.${r.dimension}`) : null),
      },
      { key: 'y', title: 'datastat:col.y', value: (r) => t(`datastat:y.${r.y}`) },
      {
        key: 'showType',
        title: 'datastat:col.showType',
        value: (r) => t(`datastat:show.${DATASTAT_SHOW_TYPES[r.showType as DatastatShowType] ?? 'bar'}`),
      },
      { key: 'period', title: 'datastat:col.period', value: (r) => periodText(r, t) },
      { key: 'refreshFre', title: 'datastat:col.refreshFre', value: (r) => refreshText(r.refreshFre, t) },
      {
        key: 'updatedAt',
        title: 'datastat:col.updatedAt',
        value: (r) => formatDate(r.updatedAt, 'YYYY-MM-DD HH:mm'),
        align: 'center',
      },
    ],
    rowActions: [{ key: 'open', label: 'datastat:open', first: true, onClick: (row) => on.open(row) }],
    form: {
      fields: settingsFields(choices, t),
      sections: SETTINGS_SECTIONS,
      defaults: newSettings(look.unit),
      check: settingsProblems,
      actions: [
        { key: 'preview', label: 'datastat:preview', onClick: (values) => on.preview(settings(values)) },
      ],
      create: (values) => after(datastatApi.create(settings(values))),
      update: (row, values) => after(datastatApi.update(row.statId, settings(values))),
      titles: { create: 'datastat:createTitle', edit: 'datastat:editTitle' },
      width: 880,
    },
    remove: (row) => after(datastatApi.remove(row.statId)),
  };
}
