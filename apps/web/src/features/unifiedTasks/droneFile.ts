/**
 * Enrolling an uploaded list of drones: the ids of a .txt / .csv file (any separator: lines,
 * commas, semicolons, tabs, spaces) or of an .xlsx workbook (every cell of its first sheet), read in
 * the browser, then sent in calls of TFTZ_ENROL_MAX with progress, the refused ids gathered.
 * Pure apart from reading the file (exceljs is imported only for a workbook); tested in droneFile.test.ts.
 */
import { DRONE_ID_RE, type TaskDronesChange, TFTZ_ENROL_MAX } from '@agrifleet/domain';

export interface ParsedIds {
  /** Valid drone ids, each once, in file order. */
  ids: string[];
  /** Tokens that are not drone ids (a header, a typo), each once. */
  invalid: string[];
}

/** Words a header row may hold: skipped rather than reported. */
const HEADER = /^(drone_?id|droneid|id|sn|serial|无人机编号|无人机id|编号|序列号|機身編號|無人機編號)$/i;

export function parseDroneIds(tokens: Iterable<string>): ParsedIds {
  const ids: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const raw of tokens) {
    const token = raw
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim();
    if (!token || seen.has(token) || HEADER.test(token)) continue;
    seen.add(token);
    (DRONE_ID_RE.test(token) ? ids : invalid).push(token);
  }
  return { ids, invalid };
}

/** The ids of a text file (.txt / .csv). */
export const parseDroneText = (text: string) =>
  parseDroneIds(text.replace(/^\uFEFF/, '').split(/[\s,;，；、]+/));

/** Reads an uploaded file: .xlsx through exceljs (first sheet, every cell), anything else as text. */
export async function readDroneFile(file: File): Promise<ParsedIds> {
  if (/\.xlsx$/i.test(file.name)) {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    const cells: string[] = [];
    sheet?.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.text ?? String(cell.value ?? '');
        cells.push(...v.split(/[\s,;]+/));
      }),
    );
    return parseDroneIds(cells);
  }
  return parseDroneText(await file.text());
}

/** Splits ids into the calls' batches. */
export function chunks<T>(items: readonly T[], size = TFTZ_ENROL_MAX): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface EnrolProgress {
  sent: number;
  total: number;
  changed: number;
  refused: string[];
}

/**
 * Sends the ids in batches one after the other, reporting progress after each; stops at the first
 * failed call (its error propagates) or when `signal` aborts. Sums up what the server answered.
 */
export async function enrolInBatches(
  ids: readonly string[],
  send: (batch: string[]) => Promise<TaskDronesChange>,
  onProgress: (p: EnrolProgress) => void,
  signal?: AbortSignal,
  size = TFTZ_ENROL_MAX,
): Promise<EnrolProgress> {
  const p: EnrolProgress = { sent: 0, total: ids.length, changed: 0, refused: [] };
  onProgress({ ...p });
  for (const batch of chunks(ids, size)) {
    if (signal?.aborted) break;
    const r = await send(batch);
    p.sent += batch.length;
    p.changed += r.changed;
    p.refused.push(...r.refused);
    onProgress({ ...p, refused: [...p.refused] });
  }
  return p;
}
