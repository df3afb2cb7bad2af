/**
 * The upload's ids: one per line (a CSV's first column, quotes removed; a header line "hwId"
 * skipped; blank lines skipped). Every line is checked before anything is written.
 */
import { HW_ID_RE, WHITELIST_MAX_LINES, WHITELIST_NAMED_BAD_LINES } from '@agrifleet/domain';

export type Parsed =
  | { ok: true; ids: string[] }
  | { ok: false; tooMany: true }
  | { ok: false; tooMany: false; badLines: number[]; badCount: number };

export function parseIds(text: string, csv: boolean): Parsed {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > WHITELIST_MAX_LINES) return { ok: false, tooMany: true };
  const ids = new Set<string>();
  const badLines: number[] = [];
  let badCount = 0;
  for (let i = 0; i < lines.length; i++) {
    let v = lines[i] as string;
    if (csv) v = (v.split(',')[0] ?? '').replace(/^"(.*)"$/, '$1');
    v = v.trim();
    if (v === '') continue;
    if (i === 0 && v.toLowerCase() === 'hwid') continue;
    if (!HW_ID_RE.test(v)) {
      badCount++;
      if (badLines.length < WHITELIST_NAMED_BAD_LINES) badLines.push(i + 1);
      continue;
    }
    ids.add(v);
  }
  if (badCount > 0) return { ok: false, tooMany: false, badLines, badCount };
  return { ok: true, ids: [...ids] };
}
