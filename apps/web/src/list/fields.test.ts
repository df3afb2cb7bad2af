import { isPhone } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/http.ts';
import { fetchAllPages } from './exportAll.ts';
import { fieldRules, initialValues, submittedValues, visibleFields } from './fields.ts';
import type { FieldDef, FormDef, PageResult } from './types.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const fields: FieldDef[] = [
  { name: 'id', label: 'x:id', kind: 'text', fixedOnEdit: true, required: true },
  { name: 'name', label: 'x:name', kind: 'text', required: true, schema: z.string().max(5) },
  {
    name: 'phone',
    label: 'x:phone',
    kind: 'text',
    schema: z.string().refine(isPhone),
    invalid: 'x:badPhone',
  },
  { name: 'password', label: 'x:password', kind: 'password', only: 'create' },
];

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validate = async (field: FieldDef, value: unknown) => {
  for (const rule of fieldRules(field, t)) {
    const r = rule as { required?: boolean; message?: string; validator?: Validator };
    if (r.required && (value === undefined || value === '')) return r.message;
    if (r.validator) {
      try {
        await r.validator({}, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
};

describe('form fields from definitions', () => {
  it('required with the label, zod rules with their message, empty optional values pass', async () => {
    const [, name, phone] = fields as [FieldDef, FieldDef, FieldDef];
    expect(await validate(name, '')).toBe('list:required(x:name)');
    expect(await validate(name, 'toolong')).toBe('list:invalid(x:name)');
    expect(await validate(name, ' abc ')).toBeNull();
    expect(await validate(phone, '12ab')).toBe('x:badPhone(x:phone)');
    expect(await validate(phone, '13800000001')).toBeNull();
    expect(await validate(phone, '')).toBeNull();
  });

  it('fields of each mode, initial values of a record, values sent', () => {
    expect(visibleFields(fields, 'edit').map((f) => f.name)).toEqual(['id', 'name', 'phone']);
    const form: FormDef<{ id: string; name: string; other: number }> = { fields };
    expect(initialValues(form, { id: 'A', name: 'B', other: 1 })).toEqual({ id: 'A', name: 'B' });
    expect(initialValues(form, null)).toEqual({});
    const values = { id: 'A', name: ' B ', phone: '', password: 'secret1x' };
    expect(submittedValues(fields, 'edit', values)).toEqual({ name: 'B' });
    expect(submittedValues(fields, 'create', values)).toEqual({ id: 'A', name: 'B', password: 'secret1x' });
  });
});

describe('export: every page one after the other', () => {
  const all = Array.from({ length: 1203 }, (_, i) => i);
  const fetch = async (q: Record<string, string | number>) => {
    const page = Number(q.currentPage);
    const size = Number(q.pageSize);
    return {
      records: all.slice((page - 1) * size, page * size),
      total: all.length,
      current: page,
      size,
    } satisfies PageResult<number>;
  };

  it('reads the whole set in pages of 500 with progress', async () => {
    const seen: number[] = [];
    const asked: Array<Record<string, string | number>> = [];
    const { rows, last } = await fetchAllPages(
      {
        fetch: (q) => {
          asked.push(q);
          return fetch(q);
        },
      },
      { zz: 3 },
      { signal: new AbortController().signal, onProgress: (p) => seen.push(p.done) },
    );
    expect(rows).toEqual(all);
    expect(seen).toEqual([500, 1000, 1203]);
    expect(asked.map((q) => q.currentPage)).toEqual([1, 2, 3]);
    expect(asked.every((q) => q.zz === 3 && q.pageSize === 500)).toBe(true);
    expect(last?.current).toBe(3);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const run = fetchAllPages(
      { fetch },
      {},
      { signal: controller.signal, pageSize: 100, onProgress: (p) => p.done >= 200 && controller.abort() },
    );
    await expect(run).rejects.toBeInstanceOf(ApiError);
  });
});
