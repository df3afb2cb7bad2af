/**
 * Reads the ids of an .xlsx upload: every non-empty cell of the first worksheet, with its row
 * number. Before exceljs sees the file, its zip central directory is read here: a file that is not
 * a zip, has no workbook part, or would unpack to more than XLSX_MAX_UNPACKED bytes is refused
 * (`XlsxRefused`, a 400 in the caller's language) without inflating anything. Cells are streamed
 * (exceljs WorkbookReader, shared strings cached, styles ignored), and reading stops past
 * WHITELIST_MAX_LINES ids and a header.
 */
import { open } from 'node:fs/promises';
import { WHITELIST_MAX_LINES } from '@agrifleet/domain';
import ExcelJS from 'exceljs';
import type { IdCell } from './whitelist.parse.ts';

/** Most bytes the parts of a workbook may unpack to (100,000 ids take about 12 MB). */
export const XLSX_MAX_UNPACKED = 64 * 1024 * 1024;

export class XlsxRefused extends Error {
  constructor(readonly reason: 'notXlsx' | 'tooMany') {
    super(reason);
  }
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;

/** The zip's central directory: its entry names and the sum of their unpacked sizes; null if not a zip. */
async function zipDirectory(path: string): Promise<{ names: Set<string>; unpacked: number } | null> {
  const f = await open(path, 'r');
  try {
    const { size } = await f.stat();
    if (size < 22) return null;
    const tailLen = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailLen);
    await f.read(tail, 0, tailLen, size - tailLen);
    let eocd = -1;
    for (let i = tailLen - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD_SIG) {
        eocd = i;
        break;
      }
    if (eocd < 0) return null;
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (dirOffset + dirSize > size || dirSize > 4 * 1024 * 1024) return null;
    const dir = Buffer.alloc(dirSize);
    await f.read(dir, 0, dirSize, dirOffset);
    const names = new Set<string>();
    let unpacked = 0;
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== CEN_SIG) return null;
      unpacked += dir.readUInt32LE(at + 24);
      const nameLen = dir.readUInt16LE(at + 28);
      names.add(dir.toString('utf8', at + 46, at + 46 + nameLen));
      at += 46 + nameLen + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
    }
    return { names, unpacked };
  } finally {
    await f.close();
  }
}

/** A cell's text: strings, numbers, rich text, formulas' results, hyperlinks' text. */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  try {
    return cell.text ?? '';
  } catch {
    return String(v);
  }
}

/** The non-empty cells of the first worksheet, row by row (throws XlsxRefused). */
export async function xlsxCells(path: string): Promise<IdCell[]> {
  const zip = await zipDirectory(path);
  if (!zip?.names.has('xl/workbook.xml') || zip.unpacked > XLSX_MAX_UNPACKED)
    throw new XlsxRefused('notXlsx');
  const cells: IdCell[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        row.eachCell((cell) => {
          const value = cellText(cell);
          if (value.trim() !== '') cells.push({ line: row.number, value });
        });
        // One more than the limit: a header cell does not count.
        if (cells.length > WHITELIST_MAX_LINES + 1) throw new XlsxRefused('tooMany');
      }
      break;
    }
  } catch (err) {
    if (err instanceof XlsxRefused) throw err;
    throw new XlsxRefused('notXlsx');
  }
  return cells;
}
