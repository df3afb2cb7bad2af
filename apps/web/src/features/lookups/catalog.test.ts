import { describe, expect, it } from 'vitest';
import { buildCatalog } from './catalog.ts';

describe('buildCatalog', () => {
  const entries = [
    { id: 1, name: '小麦' },
    { id: 2, name: '水稻', enabled: false },
    { id: 3, name: '玉米', enabled: true },
  ];

  it('offers the enabled entries and names every one', () => {
    const c = buildCatalog(entries, false);
    expect(c.options).toEqual([
      { value: 1, label: '小麦' },
      { value: 3, label: '玉米' },
    ]);
    expect(c.nameOf(2)).toBe('水稻');
    expect(c.nameOf(3)).toBe('玉米');
  });

  it('names nothing for no id, #id for an unknown one, and nothing while loading', () => {
    const c = buildCatalog(entries, false);
    expect(c.nameOf(null)).toBe('');
    expect(c.nameOf(undefined)).toBe('');
    expect(c.nameOf(99)).toBe('#99');
    const loading = buildCatalog(undefined, true);
    expect(loading.options).toEqual([]);
    expect(loading.nameOf(1)).toBe('');
    expect(loading.loading).toBe(true);
  });
});
