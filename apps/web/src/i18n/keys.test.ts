/** Fails when any key of any namespace is missing (or empty) in any of the five languages. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';

const dir = new URL('.', import.meta.url).pathname;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

const load = (lng: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join(dir, lng, `${ns}.json`), 'utf8')));
const namespaces = new Set(
  LANGUAGES.flatMap((lng) => readdirSync(join(dir, lng)).filter((f) => f.endsWith('.json'))),
);

describe('translations', () => {
  it('has a folder per language with namespaces', () => {
    expect(namespaces.size).toBeGreaterThan(0);
  });
  for (const file of namespaces) {
    const ns = file.replace(/\.json$/, '');
    it(`${ns}: every key in every language`, () => {
      const all = new Set(LANGUAGES.flatMap((lng) => Object.keys(load(lng, ns))));
      for (const lng of LANGUAGES) {
        const table = load(lng, ns);
        const missing = [...all].filter((k) => !table[k]?.trim());
        expect(missing, `${lng}/${ns}.json lacks`).toEqual([]);
      }
    });
    it(`${ns}: same placeholders in every language`, () => {
      const zh = load('zh', ns);
      for (const lng of LANGUAGES) {
        const table = load(lng, ns);
        for (const [k, v] of Object.entries(zh)) {
          const want = (v.match(/\{\{\w+\}\}/g) ?? []).sort();
          expect((table[k]?.match(/\{\{\w+\}\}/g) ?? []).sort(), `${lng}/${ns}:${k}`).toEqual(want);
        }
      }
    });
  }
});
