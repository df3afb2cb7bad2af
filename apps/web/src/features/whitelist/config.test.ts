import { describe, expect, it } from 'vitest';
import { typeKey, typeOptions, whitelistConfig } from './config.ts';

const t = (key: string) => `<${key}>`;

describe('whitelist list configuration', () => {
  it('filters by type (numeric) and hwId; columns show the type label; delete and upload are offered', () => {
    const opened: string[] = [];
    const c = whitelistConfig(t, { openUpload: () => opened.push('upload'), showAccount: false });
    expect(c.filters?.map((f) => [f.name, f.kind])).toEqual([
      ['type', 'select'],
      ['hwId', 'text'],
    ]);
    expect(c.columns.map((x) => x.key)).toEqual(['type', 'hwId', 'createdAt']);
    const row = { id: 1, type: 3, hwId: 'RTK-1', accountId: 2, accountName: 'A', createdAt: 0 };
    expect(c.columns[0]?.value?.(row)).toBe('<whitelist:type.rtk>');
    expect(c.remove).toBeTypeOf('function');
    c.toolbar?.[0]?.onClick({ refresh: () => {}, query: {} });
    expect(opened).toEqual(['upload']);
  });

  it('shows the account column to the platform; every type has a label key', () => {
    const c = whitelistConfig(t, { openUpload: () => {}, showAccount: true });
    expect(c.columns.map((x) => x.key)).toContain('accountName');
    expect(typeOptions.map((o) => o.labelKey)).toEqual([1, 2, 3, 4, 5].map(typeKey));
    expect(typeKey(5)).toBe('whitelist:type.camera');
  });
});
