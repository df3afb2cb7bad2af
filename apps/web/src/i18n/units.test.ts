/**
 * Area unit labels as they read inside the texts that show them (issue 21: Korean headers read
 * "살포 면적(무(亩))"): in en, th and ko no Han character and no bracket in a unit, so that no text that
 * puts `{{unit}}` in brackets nests them; English uses the unit symbols (no plural after a number).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREA_UNITS } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';

const dir = new URL('.', import.meta.url).pathname;
const json = (lng: string, ns: string) => JSON.parse(readFileSync(join(dir, lng, `${ns}.json`), 'utf8'));

function strings(obj: unknown, out: string[] = []): string[] {
  if (typeof obj === 'string') out.push(obj);
  else if (obj && typeof obj === 'object') for (const v of Object.values(obj)) strings(v, out);
  return out;
}

describe('area units', () => {
  for (const lng of ['en', 'th', 'ko']) {
    const units = json(lng, 'common').areaUnit as Record<string, string>;

    it(`${lng}: every unit label without Han characters or brackets`, () => {
      for (const u of AREA_UNITS) {
        expect(units[u], u).toBeTruthy();
        expect(units[u], u).not.toMatch(/[\p{Script=Han}()（）]/u);
      }
    });

    it(`${lng}: no text with a unit in it nests brackets or shows a Han character`, () => {
      const texts = readdirSync(join(dir, lng))
        .filter((f) => f.endsWith('.json'))
        .flatMap((f) => strings(json(lng, f.replace(/\.json$/, ''))))
        .filter((s) => s.includes('{{unit}}'));
      expect(texts.length).toBeGreaterThan(10);
      for (const text of texts)
        for (const u of AREA_UNITS) {
          const shown = text.replaceAll('{{unit}}', units[u] as string);
          expect(shown).not.toMatch(/\([^)]*\(/u);
          expect(shown).not.toMatch(/\p{Script=Han}/u);
        }
    });
  }

  it('en: unit symbols, which need no plural after a number ("2,050.3 ac")', () => {
    expect(json('en', 'common').areaUnit).toEqual({ mu: 'mu', acre: 'ac', hectare: 'ha', rai: 'rai' });
  });
});
