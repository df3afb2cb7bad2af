/**
 * The definitions a list screen is configured with (see README.md): how to fetch a page, its
 * filters, columns, actions, the create/edit form and the export. Texts are i18n keys
 * ('ns:key'), translated where they are shown.
 */
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';

/** The server's page (packages/domain envelope.ts `page`), plus whatever else the call sends. */
export interface PageResult<R> {
  records: R[];
  total: number;
  current: number;
  size: number;
}

/** A choice: a literal label (names from the server) or an i18n key (enumerations). */
export interface Option {
  value: string | number;
  label?: string;
  labelKey?: string;
}
/** Options loaded from the server, cached under `key`. */
export interface OptionsSource {
  key: readonly unknown[];
  load: () => Promise<Option[]>;
}
export type Options = Option[] | OptionsSource;

/** A day range, local calendar days 'YYYY-MM-DD' (both included). */
export type DayRange = [string, string];
export type FilterValue = string | number | DayRange;
export type Filters = Record<string, FilterValue | undefined>;

interface FilterBase {
  /** Name in the address bar, and in the API query unless `param` says otherwise. */
  name: string;
  /** i18n key of the label (also the placeholder). */
  label: string;
  param?: string;
}
export type FilterDef =
  | (FilterBase & { kind: 'text' })
  | (FilterBase & { kind: 'select'; options: Options; numeric?: boolean })
  /** A 9-digit region code chosen in the region tree. */
  | (FilterBase & { kind: 'region' })
  /**
   * Two API parameters in ms: by default the start of the first day and the end of the last
   * (browser time); 'noon' sends the noon of each day, for calls that count whole days of their own
   * time zone (a day then stays the same day for any time zone within 12 hours).
   */
  | (Omit<FilterBase, 'param'> & { kind: 'dateRange'; params: [string, string]; at?: 'bounds' | 'noon' });

export type CellValue = string | number | null | undefined;

export interface ColumnDef<R> {
  /** Column id, and the record field shown unless `value` says otherwise. */
  key: string;
  /** i18n key of the title; `titleVars` fill its placeholders (a unit...). */
  title: string;
  titleVars?: Record<string, string>;
  /** The plain value: shown (through `format`), exported and summed up by the summary. */
  value?: (row: R) => CellValue;
  /** How a value is shown in the table (numbers with their decimals...). */
  format?: (value: CellValue) => ReactNode;
  /** Replaces the cell entirely (links, tags); the export still uses `value`. */
  render?: (row: R) => ReactNode;
  /** Sortable by this API sort field (true: the key). */
  sort?: string | true;
  align?: 'left' | 'right' | 'center';
  width?: number;
  ellipsis?: boolean;
  /** Kept in view while the table scrolls sideways. */
  fixed?: 'left' | 'right';
  /** Excel number format of the column ('0.00'); false leaves the column out of exports. */
  excel?: string | false;
}

export interface ActionContext {
  refresh: () => void;
  /** The API query of the current filters, sort and page. */
  query: Record<string, string | number>;
}
export interface ToolbarAction {
  key: string;
  label: string;
  icon?: ReactNode;
  primary?: boolean;
  onClick: (ctx: ActionContext) => void;
}
export interface RowAction<R> {
  key: string;
  label: string;
  danger?: boolean;
  /** Shown before edit (the row's main action, e.g. open); the screen's actions come after it otherwise. */
  first?: boolean;
  visible?: (row: R) => boolean;
  onClick: (row: R, ctx: ActionContext) => void;
}

/**
 * A toolbar button acting on the selected rows (a batch delete). With any, the table has a box per
 * row. It is enabled with nothing selected too: the screen says what then (001 §5 'no block
 * selected'). Resolve to true to clear the selection (the rows are gone).
 */
export interface BatchAction<R> {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onClick: (rows: R[], ctx: ActionContext) => undefined | boolean | Promise<boolean | undefined>;
}

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'switch'
  | 'region'
  /** Local calendar days ('YYYY-MM-DD' pair in the form) sent as two instants (`params`, `at`). */
  | 'dateRange'
  /** Free values typed as tags (an array; numbers with `numeric`). */
  | 'tags';
/** The form's current values, by field name. */
export type FormValues = Record<string, unknown>;
export interface FieldDef {
  name: string;
  /** i18n key of the label. */
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** The value's rule, from packages/domain; a value it refuses shows `invalid` (or a generic text). */
  schema?: ZodType;
  invalid?: string;
  options?: Options;
  /** Shown only when creating, or only when editing. */
  only?: 'create' | 'edit';
  /** Read-only when editing (ids). */
  fixedOnEdit?: boolean;
  /** Shown (validated and sent) only while this holds for the form's values (a date range for a custom period). */
  when?: (values: FormValues) => boolean;
  /** Width in the form's grid, in 24ths (default 24: the whole row). */
  span?: number;
  /** i18n key of a hint under the control. */
  help?: string;
  /** dateRange: the two API fields (ms) of its first and last day; the record's values of them fill it. */
  params?: [string, string];
  /** dateRange: the instants sent, as for a date-range filter (FilterDef 'dateRange'). */
  at?: 'bounds' | 'noon';
  /** tags: the values are whole numbers (ids). */
  numeric?: boolean;
}

/** A titled group of fields of a form (fields in no section come first, untitled). */
export interface FormSection {
  /** i18n key of the heading. */
  title: string;
  /** Field names, in order. */
  fields: string[];
}

/** A rule across fields that the values break: the field to mark (a field or one of its params) and the text. */
export interface FormProblem {
  field: string;
  /** i18n key of the message, with its placeholders. */
  message: string;
  vars?: Record<string, string | number>;
}

/** A button of the form's footer that acts on valid values without saving (a preview...). */
export interface FormAction<V> {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: (values: V, mode: 'create' | 'edit') => void;
}

export interface FormDef<R, V extends Record<string, unknown> = Record<string, unknown>> {
  fields: FieldDef[];
  create?: (values: V) => Promise<unknown>;
  update?: (row: R, values: V) => Promise<unknown>;
  /** The form values of a record (default: its fields of the same names, date ranges from their params). */
  initial?: (row: R) => Partial<V>;
  /** The form values of a new record. */
  defaults?: Partial<V>;
  /** Headed groups of fields. */
  sections?: FormSection[];
  /** Rules across fields, checked on the values sent once each field is valid. */
  check?: (values: V) => FormProblem[];
  /** More footer buttons (left of cancel and save). */
  actions?: FormAction<V>[];
  /** i18n keys of the modal titles (default list:create / list:edit). */
  titles?: { create?: string; edit?: string };
  width?: number;
}

export interface ExportDef {
  /**
   * The list's title for the file, translated, without date or extension: every export is named
   * "<title> <YYYY-MM-DD>.xlsx" with the statistics day (exportFileName).
   */
  fileName: () => string;
  /** Rows per request (default and most 500). */
  pageSize?: number;
}

/** API parameter names of paging and sorting (defaults: currentPage, pageSize, sortParam, order). */
export interface ParamNames {
  page: string;
  size: string;
  sort: string;
  order: string;
}

export interface ListConfig<R, P extends PageResult<R> = PageResult<R>> {
  /** Query-cache key of the list. */
  id: string;
  /** Namespaces of the keys used (the list namespace is always loaded). */
  ns?: string[];
  fetch: (query: Record<string, string | number>, signal?: AbortSignal) => Promise<P>;
  rowKey: (row: R) => string | number;
  columns: ColumnDef<R>[];
  filters?: FilterDef[];
  /** Rows per page (001 §9: 20 unless a screen says otherwise). */
  pageSize?: number;
  /** Sort when the user chose none; order 1 descending (001 §9 default order 1), 2 ascending. */
  defaultSort?: { field: string; order: 1 | 2 };
  params?: Partial<ParamNames>;
  toolbar?: ToolbarAction[];
  rowActions?: RowAction<R>[];
  /** Actions on the selected rows (adds row selection); `selectable` says which rows can be ticked. */
  batch?: BatchAction<R>[];
  selectable?: (row: R) => boolean;
  form?: FormDef<R>;
  /** Delete with confirmation. */
  remove?: (row: R) => Promise<unknown>;
  /** Values per column key of a totals row, from the page answer (sums of the whole set). */
  summary?: (page: P) => Record<string, CellValue>;
  export?: ExportDef;
  /** Width of the row actions column, whose buttons then wrap (default: as wide as its buttons). */
  actionsWidth?: number;
  /**
   * Reload the page every this many ms while the tab is visible (rows that arrive by themselves, e.g.
   * charges as drones land); these quiet reloads show no spinner.
   */
  refreshMs?: number;
}

/** What the address bar holds of a list. */
export interface ListState {
  page: number;
  size: number;
  sort?: string;
  order?: 1 | 2;
  filters: Filters;
}
