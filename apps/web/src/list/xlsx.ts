/**
 * An exported table as an .xlsx file, built in the browser with exceljs. Import this module
 * dynamically (useListExport does): exceljs then stays out of the bundles that pages load.
 */
import ExcelJS from 'exceljs';
import type { ExportTable } from './columns.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

export async function xlsxBlob(table: ExportTable, name: string): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(table.header).font = { bold: true };
  sheet.addRows(table.rows);
  if (table.totals) sheet.addRow(table.totals).font = { bold: true };
  table.header.forEach((title, i) => {
    const column = sheet.getColumn(i + 1);
    const format = table.formats[i];
    if (format) column.numFmt = format;
    let width = title.length * 2;
    for (const row of table.rows.slice(0, 200)) width = Math.max(width, String(row[i] ?? '').length);
    column.width = Math.min(Math.max(width + 2, 10), 40);
  });
  const buffer = await book.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}

/** Saves a blob as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
