import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** What a cell holds: text, a number, a date or time (written as the wall clock it shows), or nothing. */
export type CellValue = string | number | Date | null;

export interface SheetColumn<Row> {
  header: string;
  value: (row: Row) => CellValue;
  /** Excel's number format, e.g. 'yyyy-mm-dd', 'hh:mm' or '0.00'. */
  numFmt?: string;
  /** In characters. */
  width?: number;
}

export interface Sheet<Row> {
  name: string;
  columns: readonly SheetColumn<Row>[];
}

/**
 * Writes one sheet as an .xlsx workbook to `out`, batch by batch as the rows arrive: a row is committed (written
 * and forgotten) as soon as it is added, so memory stays flat however many rows there are. The header row is
 * bold and stays in view while scrolling.
 */
export async function writeSheet<Row>(out: Writable, sheet: Sheet<Row>, batches: AsyncIterable<readonly Row[]>): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column, index) => ({
    key: String(index),
    header: column.header,
    width: column.width ?? Math.max(12, column.header.length + 2),
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  worksheet.getRow(1).font = { bold: true };
  let written = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      worksheet.addRow(sheet.columns.map((column) => column.value(row))).commit();
      written += 1;
    }
  }
  worksheet.commit();
  await workbook.commit();
  return written;
}

/** The wall-clock reading of an instant in a time zone, as the UTC date Excel shows unchanged (Excel has no zones). */
export function wallClockOf(instant: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return new Date(Date.UTC(parts['year'] ?? 0, (parts['month'] ?? 1) - 1, parts['day'] ?? 1, parts['hour'] ?? 0, parts['minute'] ?? 0, parts['second'] ?? 0));
}
