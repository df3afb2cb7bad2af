/** The shipped offline basemap (public/basemap, written by scripts/basemap.mjs): small, and named in every language. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(new URL('.', import.meta.url).pathname, '..', '..', 'public', 'basemap');
const FILES = ['countries.json', 'borders.json', 'labels.json'];
const NAME_FIELDS = ['name_en', 'name_zh', 'name_zh-TW', 'name_th', 'name_ko'];

describe('offline basemap', () => {
  it('stays under 2 MB (about 0.55 MB gzipped, as served)', () => {
    const total = FILES.reduce((s, f) => s + statSync(join(dir, f)).size, 0);
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });

  it('labels every country, the 34 Chinese provinces and the prefectures in the five languages', () => {
    const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as {
      features: { properties: Record<string, string | number> }[];
    };
    const kinds = labels.features.map((f) => f.properties.kind);
    expect(kinds.filter((k) => k === 'province')).toHaveLength(34);
    expect(kinds.filter((k) => k === 'country').length).toBeGreaterThan(200);
    expect(kinds.filter((k) => k === 'city').length).toBeGreaterThan(340);
    for (const f of labels.features) {
      for (const field of NAME_FIELDS) expect(String(f.properties[field] ?? '').trim(), field).not.toBe('');
    }
    const china = labels.features.find((f) => f.properties.id === 'c156')?.properties;
    expect(china).toMatchObject({ name_en: 'China', name_zh: '中国', 'name_zh-TW': '中國', name_th: 'จีน' });
    const yancheng = labels.features.find((f) => f.properties.id === 'm320900')?.properties;
    expect(yancheng).toMatchObject({ name_en: 'Yancheng', name_zh: '盐城', 'name_zh-TW': '鹽城' });
  });

  it('has country, province and prefecture borders', () => {
    const borders = JSON.parse(readFileSync(join(dir, 'borders.json'), 'utf8')) as {
      features: { properties: { kind: string } }[];
    };
    expect(borders.features.map((f) => f.properties.kind).sort()).toEqual(['city', 'country', 'province']);
  });
});
