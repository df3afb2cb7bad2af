/**
 * The upload's ids, each with the line (text) or row (xlsx) it came from: a text file one id per
 * line (a CSV's first column, quotes removed), a workbook every non-empty cell of its first sheet
 * (whitelist.xlsx.ts). A first id `hwId` (any case) is a header and skipped; blank lines and empty
 * cells are skipped. Every id is checked before anything is written.
 */
import { HW_ID_RE, WHITELIST_MAX_LINES, WHITELIST_NAMED_BAD_LINES } from '@agrifleet/domain';

/** One value of the file and its 1-based line (text) or row (xlsx) number. */
export interface IdCell {
  line: number;
  value: string;
}

export type Parsed =
  | { ok: true; ids: string[] }
  | { ok: false; tooMany: true }
  | { ok: false; tooMany: false; badLines: number[]; badCount: number };

/** The lines of a text file as cells (null: more than WHITELIST_MAX_LINES lines). */
export function textCells(text: string, csv: boolean): IdCell[] | null {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > WHITELIST_MAX_LINES) return null;
  return lines.map((v, i) => ({
    line: i + 1,
    value: csv ? (v.split(',')[0] ?? '').trim().replace(/^"(.*)"$/, '$1') : v,
  }));
}

/** Checks every cell: the distinct ids, or the bad lines (the first WHITELIST_NAMED_BAD_LINES and the count). */
export function checkIds(cells: Iterable<IdCell>): Parsed {
  const ids = new Set<string>();
  const badLines: number[] = [];
  let badCount = 0;
  let first = true;
  let lastBad = -1;
  let values = 0;
  for (const cell of cells) {
    const v = cell.value.trim();
    if (v === '') continue;
    const header = first && v.toLowerCase() === 'hwid';
    first = false;
    if (header) continue;
    if (++values > WHITELIST_MAX_LINES) return { ok: false, tooMany: true };
    if (!HW_ID_RE.test(v)) {
      // A row of a sheet with two bad cells is one bad line.
      if (cell.line !== lastBad) {
        badCount++;
        if (badLines.length < WHITELIST_NAMED_BAD_LINES) badLines.push(cell.line);
        lastBad = cell.line;
      }
      continue;
    }
    ids.add(v);
  }
  if (badCount > 0) return { ok: false, tooMany: false, badLines, badCount };
  return { ok: true, ids: [...ids] };
}

/** A text or CSV file's ids. */
export function parseIds(text: string, csv: boolean): Parsed {
  const cells = textCells(text, csv);
  return cells === null ? { ok: false, tooMany: true } : checkIds(cells);
}
