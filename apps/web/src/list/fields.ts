/**
 * The create/edit form from field definitions: which fields show in which mode (and for which
 * values), their antd rules (required, and the zod schema of packages/domain with a translated
 * message), sections, the initial values of a record and the values sent, and where a rule across
 * fields is shown. Pure functions, tested in fields.test.ts.
 */
import type { Rule } from 'antd/es/form';
import { statDayOf } from '../lib/statDay.ts';
import type { Translate } from './columns.ts';
import { dayInstant } from './query.ts';
import type { DayRange, FieldDef, FormDef, FormProblem, FormSection, FormValues } from './types.ts';

export type FormMode = 'create' | 'edit';

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

export const visibleFields = (fields: FieldDef[], mode: FormMode) =>
  fields.filter((f) => f.only === undefined || f.only === mode);

/** The fields of a mode that the values show (their `when` holds). */
export const shownFields = (fields: FieldDef[], mode: FormMode, values: FormValues) =>
  visibleFields(fields, mode).filter((f) => f.when?.(values) ?? true);

/**
 * A field's value as checked and sent: strings trimmed; tags trimmed, without empty ones, numbers
 * with `numeric` (a tag that is not a whole number stays as typed, for the schema to refuse).
 */
export function normalizedValue(field: FieldDef, value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (field.kind === 'tags' && Array.isArray(value)) {
    const tags = value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => !empty(v));
    if (!field.numeric) return tags;
    return tags.map((v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v));
  }
  return value;
}

export function fieldRules(field: FieldDef, t: Translate): Rule[] {
  const label = t(field.label);
  const rules: Rule[] = [];
  if (field.required) {
    const message = t('list:required', { label });
    const text = field.kind === 'text' || field.kind === 'textarea' || field.kind === 'password';
    // antd checks a rule without a validator as text: a numeric choice, a range or a list is checked here.
    rules.push(
      text
        ? { required: true, whitespace: true, message }
        : {
            required: true,
            message,
            validator: async (_rule, value: unknown) => {
              if (empty(value)) throw new Error(message);
            },
          },
    );
  }
  const schema = field.schema;
  if (schema) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (empty(value)) return;
        if (!schema.safeParse(normalizedValue(field, value)).success)
          throw new Error(t(field.invalid ?? 'list:invalid', { label }));
      },
    });
  }
  return rules;
}

/** The form's value of a date range from the record's two instants (their statistics days). */
function rangeOf(field: FieldDef, source: Record<string, unknown>): DayRange | undefined {
  const [from, to] = (field.params ?? []).map((p) => source[p]);
  if (typeof from !== 'number' || typeof to !== 'number') return undefined;
  return [statDayOf(from), statDayOf(to)];
}

/**
 * The form's values for a record: `initial` when given, else its fields of the same names (date
 * ranges from their params); for a new record the form's `defaults`.
 */
export function initialValues<R>(form: FormDef<R>, row: R | null): FormValues {
  if (!row) return { ...form.defaults };
  if (form.initial) return form.initial(row) as FormValues;
  const source = row as Record<string, unknown>;
  const out: FormValues = {};
  for (const f of visibleFields(form.fields, 'edit')) {
    if (f.kind === 'dateRange' && f.params) {
      const range = rangeOf(f, source);
      if (range) out[f.name] = range;
    } else if (f.name in source) out[f.name] = source[f.name];
  }
  return out;
}

/**
 * The values sent: the fields the mode and the values show, normalised, empty optional ones left
 * out; a date range as its two params (ms: bounds of the days, or their noons with `at: 'noon'`).
 */
export function submittedValues(fields: FieldDef[], mode: FormMode, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of shownFields(fields, mode, values)) {
    if (mode === 'edit' && f.fixedOnEdit) continue;
    const v = normalizedValue(f, values[f.name]);
    if (empty(v)) continue;
    if (f.kind === 'dateRange' && f.params) {
      const [from, to] = v as DayRange;
      const noon = f.at === 'noon';
      out[f.params[0]] = dayInstant(from, noon ? 'noon' : 'start');
      out[f.params[1]] = dayInstant(to, noon ? 'noon' : 'end');
    } else out[f.name] = v;
  }
  return out;
}

/** The fields by section: fields in no section first (untitled), then each section's shown fields. */
export function formSections(
  fields: FieldDef[],
  sections: FormSection[] = [],
): Array<{ title?: string; fields: FieldDef[] }> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const placed = new Set(sections.flatMap((s) => s.fields));
  const groups: Array<{ title?: string; fields: FieldDef[] }> = [
    { fields: fields.filter((f) => !placed.has(f.name)) },
    ...sections.map((s) => ({
      title: s.title,
      fields: s.fields.flatMap((name) => byName.get(name) ?? []),
    })),
  ];
  return groups.filter((g) => g.fields.length > 0);
}

/**
 * Where each problem across fields shows: on the shown field of that name or holding it as a param
 * (a date range's startTime), else (a field not on screen) in `general`, translated.
 */
export function placeProblems(
  problems: FormProblem[],
  shown: FieldDef[],
  t: Translate,
): { fields: Array<{ name: string; errors: string[] }>; general: string[] } {
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  for (const p of problems) {
    const text = t(p.message, p.vars);
    const field = shown.find((f) => f.name === p.field || f.params?.includes(p.field));
    if (!field) general.push(text);
    else byField.set(field.name, [...(byField.get(field.name) ?? []), text]);
  }
  return { fields: [...byField].map(([name, errors]) => ({ name, errors })), general };
}
