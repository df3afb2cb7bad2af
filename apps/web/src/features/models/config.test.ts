/** The drone model list's configuration: filters per caller, columns and export, the form's rules and body, the ID range preview. */
import type { ModelRow } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import { cellValue, exportTable } from '../../list/columns.ts';
import { fieldRules, shownFields } from '../../list/fields.ts';
import { apiQuery } from '../../list/query.ts';
import { type ModelsHooks, modelBody, modelForm, modelsConfig, previewText, rangePreview } from './config.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const row: ModelRow = {
  id: 7,
  modelName: 'JY-P40',
  zzAccountId: 3,
  zzAccountName: '极翼植保无人机有限公司',
  shape: 'quad',
  power: 'electric',
  sprayWidth: 7,
  tankLitres: 40,
  droneCount: 64,
  createTime: Date.UTC(2026, 0, 5, 4),
};
const hooks = (): ModelsHooks => ({ openMerge: vi.fn(), openRange: vi.fn() });
const look = { t, today: '2026-11-24', platform: true, canManage: true, locale: 'en' };

async function valid(form: ReturnType<typeof modelForm>, name: string, value: unknown) {
  const field = form.fields.find((f) => f.name === name);
  if (!field) throw new Error(name);
  try {
    for (const rule of fieldRules(field, t))
      if (typeof rule === 'object' && rule.validator) await rule.validator({} as never, value, () => {});
    return true;
  } catch {
    return false;
  }
}

describe('drone model list configuration', () => {
  it('filters by name, shape and power; the platform also by manufacturer', () => {
    const config = modelsConfig(look, hooks());
    expect(config.filters?.map((f) => f.name)).toEqual(['modelName', 'zzAccountId', 'shape', 'power']);
    expect(modelsConfig({ ...look, platform: false }, hooks()).filters?.map((f) => f.name)).toEqual([
      'modelName',
      'shape',
      'power',
    ]);
    expect(
      apiQuery(
        {
          page: 2,
          size: 50,
          sort: 'droneCount',
          order: 2,
          filters: { modelName: 'JY', shape: 'hexa', zzAccountId: 4 },
        },
        config,
      ),
    ).toEqual({
      currentPage: 2,
      pageSize: 50,
      sortParam: 'droneCount',
      order: 2,
      modelName: 'JY',
      shape: 'hexa',
      zzAccountId: 4,
    });
  });

  it('shows name, manufacturer, translated shape and power, width, tank, drones and created, and exports them', () => {
    const config = modelsConfig(look, hooks());
    expect(config.columns.map((c) => c.key)).toEqual([
      'modelName',
      'manufacturer',
      'shape',
      'power',
      'sprayWidth',
      'tankLitres',
      'droneCount',
      'createTime',
    ]);
    const values = Object.fromEntries(config.columns.map((c) => [c.key, cellValue(c, row)]));
    expect(values).toMatchObject({
      modelName: 'JY-P40',
      manufacturer: '极翼植保无人机有限公司',
      shape: 'models:shape.quad',
      power: 'models:power.electric',
      sprayWidth: 7,
      tankLitres: 40,
      droneCount: 64,
    });
    expect(values.createTime).toBe('2026-01-05');
    const table = exportTable(config.columns, [row], t);
    expect(table.header[0]).toBe('models:col.modelName');
    expect(table.rows[0]).toHaveLength(8);
    // A manufacturer sees only its own models: no manufacturer column.
    expect(modelsConfig({ ...look, platform: false }, hooks()).columns.map((c) => c.key)).not.toContain(
      'manufacturer',
    );
    expect(config.export?.fileName()).toBe('models:fileName(2026-11-24)');
  });

  it('offers create, edit, delete, merge and ID range only to users who manage equipment', () => {
    const h = hooks();
    const config = modelsConfig(look, h);
    expect(config.rowActions?.map((a) => a.key)).toEqual(['idRange', 'merge']);
    expect(config.form?.create).toBeTypeOf('function');
    expect(config.remove).toBeTypeOf('function');
    config.rowActions?.find((a) => a.key === 'merge')?.onClick(row, { refresh: () => {}, query: {} });
    expect(h.openMerge).toHaveBeenCalledWith(row);
    const viewer = modelsConfig({ ...look, canManage: false }, hooks());
    expect(viewer.rowActions).toEqual([]);
    expect(viewer.form).toBeUndefined();
    expect(viewer.remove).toBeUndefined();
  });
});

describe('model form', () => {
  it('the platform chooses a manufacturer when creating; shapes and powers are translated selects', () => {
    const form = modelForm({ platform: true });
    expect(shownFields(form.fields, 'create', {}).map((f) => f.name)).toEqual([
      'zzAccountId',
      'modelName',
      'shape',
      'power',
      'sprayWidth',
      'tankLitres',
    ]);
    expect(shownFields(form.fields, 'edit', {}).map((f) => f.name)).not.toContain('zzAccountId');
    expect(shownFields(modelForm({ platform: false }).fields, 'create', {}).map((f) => f.name)).not.toContain(
      'zzAccountId',
    );
    const shape = form.fields.find((f) => f.name === 'shape');
    expect(((shape?.options ?? []) as Array<{ labelKey: string }>).map((o) => o.labelKey)).toEqual([
      'models:shape.single',
      'models:shape.dual',
      'models:shape.tri',
      'models:shape.quad',
      'models:shape.hexa',
      'models:shape.octo',
      'models:shape.other',
    ]);
  });

  it('checks the values with the contract and sends numbers', async () => {
    const form = modelForm({ platform: false });
    expect(await valid(form, 'modelName', 'JY-P50')).toBe(true);
    expect(await valid(form, 'modelName', 'x'.repeat(65))).toBe(false);
    expect(await valid(form, 'sprayWidth', 7.5)).toBe(true);
    expect(await valid(form, 'sprayWidth', 0.1)).toBe(false);
    expect(await valid(form, 'tankLitres', 5000)).toBe(false);
    expect(
      modelBody({ modelName: ' JY-P50 ', shape: 'hexa', power: 'oil', sprayWidth: '8', tankLitres: 30 }),
    ).toEqual({
      modelName: 'JY-P50',
      shape: 'hexa',
      power: 'oil',
      sprayWidth: 8,
      tankLitres: 30,
    });
  });
});

describe('ID range preview', () => {
  it('counts the serials and shows the first and last, zero-padded', () => {
    const p = rangePreview({ prefix: 'JYA', start: 1, end: 20, width: 4 });
    expect(p).toEqual({ ok: true, count: 20, first: 'JYA0001', last: 'JYA0020' });
    expect(previewText(p, t)).toBe('models:range.preview(20,JYA0001,JYA0020)');
    // Default width: the digits of the end.
    expect(rangePreview({ prefix: 'X', start: 7, end: 1200 })).toMatchObject({
      first: 'X0007',
      last: 'X1200',
    });
  });

  it('says why a range is refused: incomplete, empty, over 10,000', () => {
    expect(previewText(rangePreview({ prefix: 'A', start: 1 }), t)).toBe('models:range.incomplete');
    expect(previewText(rangePreview({ prefix: 'A', start: 5, end: 4 }), t)).toBe('models:range.empty');
    expect(previewText(rangePreview({ prefix: 'A', start: 1, end: 100_000 }), t)).toBe(
      'models:range.tooMany(10,000,100,000)',
    );
    expect(rangePreview({ prefix: 'A', start: 1, end: 10_000 }).ok).toBe(true);
    expect(rangePreview({ prefix: 'A', start: 0, end: 10_000 }).ok).toBe(false);
  });
});
