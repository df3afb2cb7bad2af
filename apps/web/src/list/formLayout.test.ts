/** Forms beyond plain fields: date ranges, tags, fields shown for some values, sections, rules across fields. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldRules,
  formSections,
  initialValues,
  normalizedValue,
  placeProblems,
  shownFields,
  submittedValues,
} from './fields.ts';
import { dayInstant } from './query.ts';
import type { FieldDef, FormDef } from './types.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;

const fields: FieldDef[] = [
  { name: 'name', label: 'x:name', kind: 'text', required: true },
  { name: 'periodType', label: 'x:periodType', kind: 'select' },
  {
    name: 'period',
    label: 'x:period',
    kind: 'dateRange',
    params: ['startTime', 'endTime'],
    at: 'noon',
    when: (v) => v.periodType === 1,
  },
  { name: 'from', label: 'x:from', kind: 'text', span: 12 },
  { name: 'to', label: 'x:to', kind: 'text', span: 12 },
  {
    name: 'taskIds',
    label: 'x:tasks',
    kind: 'tags',
    numeric: true,
    schema: z.array(z.number().int().positive()).max(3),
  },
  { name: 'labels', label: 'x:labels', kind: 'tags' },
];

describe('date ranges, tags and fields shown for some values', () => {
  it('a date range is sent as the noons of its days, only while its condition holds', () => {
    const values = { name: ' A ', periodType: 1, period: ['2026-03-01', '2026-03-31'] };
    expect(submittedValues(fields, 'create', values)).toEqual({
      name: 'A',
      periodType: 1,
      startTime: dayInstant('2026-03-01', 'noon'),
      endTime: dayInstant('2026-03-31', 'noon'),
    });
    expect(submittedValues(fields, 'create', { ...values, periodType: 2 })).toEqual({
      name: 'A',
      periodType: 2,
    });
    expect(shownFields(fields, 'create', { periodType: 2 }).map((f) => f.name)).not.toContain('period');
    const bounds: FieldDef = { name: 'd', label: 'x:d', kind: 'dateRange', params: ['a', 'b'] };
    expect(submittedValues([bounds], 'create', { d: ['2026-03-01', '2026-03-02'] })).toEqual({
      a: dayInstant('2026-03-01', 'start'),
      b: dayInstant('2026-03-02', 'end'),
    });
  });

  it('a record fills a date range from its params; a new record gets the defaults', () => {
    const form: FormDef<Record<string, unknown>> = { fields, defaults: { periodType: 3 } };
    const row = {
      name: 'A',
      periodType: 1,
      startTime: dayInstant('2026-03-01', 'noon'),
      endTime: dayInstant('2026-03-31', 'noon'),
      taskIds: [4, 5],
    };
    expect(initialValues(form, row)).toEqual({
      name: 'A',
      periodType: 1,
      period: ['2026-03-01', '2026-03-31'],
      taskIds: [4, 5],
    });
    expect(initialValues(form, { ...row, startTime: null })).not.toHaveProperty('period');
    expect(initialValues(form, null)).toEqual({ periodType: 3 });
  });

  it('tags are trimmed, empty ones dropped, numbers when numeric; the schema sees that', async () => {
    const [tasks, labels] = fields.slice(-2) as [FieldDef, FieldDef];
    expect(normalizedValue(tasks, [' 12', '7', '', 9])).toEqual([12, 7, 9]);
    expect(normalizedValue(labels, [' a ', ''])).toEqual(['a']);
    expect(submittedValues(fields, 'create', { taskIds: [], labels: [' '] })).toEqual({});
    const validator = (fieldRules(tasks, t)[0] as { validator: (r: unknown, v: unknown) => Promise<void> })
      .validator;
    await expect(validator({}, ['1', '2'])).resolves.toBeUndefined();
    await expect(validator({}, ['1', 'x'])).rejects.toThrow('list:invalid(x:tasks)');
    await expect(validator({}, ['1', '2', '3', '4'])).rejects.toThrow('list:invalid(x:tasks)');
  });
});

describe('required values of every kind', () => {
  it('a required choice, number, range or list is checked as what it is, not as text', async () => {
    const check = async (kind: FieldDef['kind'], value: unknown) => {
      const rule = fieldRules({ name: 'f', label: 'x:f', kind, required: true }, t)[0] as {
        required?: boolean;
        validator?: (r: unknown, v: unknown) => Promise<void>;
      };
      expect(rule.required).toBe(true);
      return rule.validator?.({}, value).then(
        () => 'ok',
        (e: Error) => e.message,
      );
    };
    expect(await check('select', 0)).toBe('ok');
    expect(await check('select', 2)).toBe('ok');
    expect(await check('select', undefined)).toBe('list:required(x:f)');
    expect(await check('number', 0)).toBe('ok');
    expect(await check('switch', false)).toBe('ok');
    expect(await check('dateRange', ['2026-01-01', '2026-01-02'])).toBe('ok');
    expect(await check('tags', [])).toBe('list:required(x:f)');
    // Text keeps antd's own check (whitespace only is empty).
    expect(await check('text', '')).toBeUndefined();
  });
});

describe('sections and rules across fields', () => {
  it('fields in no section come first, then each section in its order', () => {
    const groups = formSections(fields, [
      { title: 'x:range', fields: ['to', 'from', 'unknown'] },
      { title: 'x:empty', fields: [] },
    ]);
    expect(groups.map((g) => [g.title, g.fields.map((f) => f.name)])).toEqual([
      [undefined, ['name', 'periodType', 'period', 'taskIds', 'labels']],
      ['x:range', ['to', 'from']],
    ]);
  });

  it('a problem shows on its field, or on the field holding it as a param, else apart', () => {
    const shown = shownFields(fields, 'create', { periodType: 1 });
    const placed = placeProblems(
      [
        { field: 'startTime', message: 'x:periodRange' },
        { field: 'from', message: 'x:order' },
        { field: 'from', message: 'x:other', vars: { n: 3 } },
        { field: 'dimension', message: 'x:hidden' },
      ],
      shown,
      t,
    );
    expect(placed.fields).toEqual([
      { name: 'period', errors: ['x:periodRange'] },
      { name: 'from', errors: ['x:order', 'x:other(3)'] },
    ]);
    expect(placed.general).toEqual(['x:hidden']);
  });
});
