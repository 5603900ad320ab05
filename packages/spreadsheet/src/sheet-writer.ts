import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import archiver from 'archiver';
import {
  cellXml,
  columnLetters,
  contentTypesXml,
  HEADER_STYLE,
  packageRelsXml,
  sheetEndXml,
  sheetStartXml,
  stylesOf,
  workbookRelsXml,
  workbookXml,
} from './xlsx-parts.ts';

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

/** Deflate level of the zip: the sheet's XML is repetitive, so the fastest level already shrinks it about tenfold. */
const ZIP_LEVEL = 1;
/** Rows turned into XML before they are handed to the zip stream. */
const ROWS_PER_PIECE = 500;
/** The zip entries' modification time: fixed, so that the same rows make the same file (zip dates start in 1980). */
const ENTRY_DATE = new Date(Date.UTC(1980, 0, 1));

/**
 * Writes one sheet as an .xlsx workbook to `out`, batch by batch as the rows arrive: each batch's rows are turned
 * into XML and handed to the zip stream (waiting while it is behind), so memory stays flat however many rows
 * there are. The header row is bold and stays in view while scrolling; strings are inline (no shared table to hold).
 */
export async function writeSheet<Row>(out: Writable, sheet: Sheet<Row>, batches: AsyncIterable<readonly Row[]>): Promise<number> {
  const { xml: stylesXml, styleOf } = stylesOf(sheet.columns.flatMap((column) => (column.numFmt ? [column.numFmt] : [])));
  const columns = sheet.columns.map((column, index) => ({
    letters: columnLetters(index),
    style: column.numFmt ? (styleOf.get(column.numFmt) ?? 0) : 0,
    width: column.width ?? Math.max(12, column.header.length + 2),
    value: column.value,
  }));
  const zip = archiver('zip', { zlib: { level: ZIP_LEVEL } });
  const failed = new Promise<never>((_resolve, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  zip.pipe(out);
  const entry = (name: string) => ({ name, date: ENTRY_DATE });
  zip.append(contentTypesXml, entry('[Content_Types].xml'));
  zip.append(packageRelsXml, entry('_rels/.rels'));
  zip.append(workbookXml(sheet.name), entry('xl/workbook.xml'));
  zip.append(workbookRelsXml, entry('xl/_rels/workbook.xml.rels'));
  zip.append(stylesXml, entry('xl/styles.xml'));
  const sheetXml = new PassThrough();
  zip.append(sheetXml, entry('xl/worksheets/sheet1.xml'));
  const send = async (xml: string) => {
    if (!sheetXml.write(xml)) await Promise.race([once(sheetXml, 'drain'), failed]);
  };
  let written = 0;
  try {
    const header = columns.map((column, index) => cellXml(`${column.letters}1`, HEADER_STYLE, sheet.columns[index]?.header ?? '')).join('');
    await send(sheetStartXml(columns) + `<row r="1" s="${HEADER_STYLE}" customFormat="1">${header}</row>`);
    for await (const batch of batches) {
      let xml = '';
      for (const row of batch) {
        const r = written + 2;
        xml += `<row r="${r}">`;
        for (const column of columns) xml += cellXml(`${column.letters}${r}`, column.style, column.value(row));
        xml += '</row>';
        written += 1;
        // Handed over in pieces of rows: a whole batch as one string would be megabytes held at once.
        if (written % ROWS_PER_PIECE === 0) {
          await send(xml);
          xml = '';
        }
      }
      await send(xml);
    }
    sheetXml.end(sheetEndXml);
    await Promise.race([zip.finalize(), failed]);
    await Promise.race([finished(out, { readable: false }), failed]);
  } catch (error) {
    zip.abort();
    throw error;
  }
  return written;
}

/** One formatter per zone: building one costs far more than formatting (an export formats hundreds of thousands of times). */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A zone's offset (ms) at an instant, to the second, as its formatter reads it. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts['year'] ?? 0, (parts['month'] ?? 1) - 1, parts['day'] ?? 1, parts['hour'] ?? 0, parts['minute'] ?? 0, parts['second'] ?? 0);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Zones change offsets on quarter hours at the finest: within a slice the offset is one, or the slice is checked per instant. */
const OFFSET_SLICE_MS = 15 * 60_000;
/** Slices remembered per zone before starting over (a year is 35,000): formatting costs far more than adding an offset. */
const MAX_SLICES = 100_000;
const sliceOffsets = new Map<string, Map<number, number>>();

function sliceOffsetOf(slice: number, timeZone: string): number {
  let offsets = sliceOffsets.get(timeZone);
  if (!offsets || offsets.size >= MAX_SLICES) sliceOffsets.set(timeZone, (offsets = new Map()));
  let offset = offsets.get(slice);
  if (offset === undefined) {
    const start = slice * OFFSET_SLICE_MS;
    const first = offsetAt(start, timeZone);
    // NaN: the offset changes inside this slice.
    offset = first === offsetAt(start + OFFSET_SLICE_MS - 1000, timeZone) ? first : Number.NaN;
    offsets.set(slice, offset);
  }
  return offset;
}

/** The wall-clock reading of an instant in a time zone (to the second), as the UTC date Excel shows unchanged (Excel has no zones). */
export function wallClockOf(instant: Date, timeZone: string): Date {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const offset = sliceOffsetOf(Math.floor(ms / OFFSET_SLICE_MS), timeZone);
  return new Date(Math.floor(ms / 1000) * 1000 + (Number.isNaN(offset) ? offsetAt(ms, timeZone) : offset));
}

/** Excel's built-in date format (id 14): each reader sees their own locale's date order. */
export const LOCALE_DATE_FORMAT = 'mm-dd-yy';

/** Time formats by the settings' time format (1: 24-hour, 2: 12-hour). */
export const timeFormats: Record<1 | 2, string> = { 1: 'hh:mm', 2: 'h:mm AM/PM' };

/** A calendar date (YYYY-MM-DD) as the cell Excel shows as that date. */
export const dateCell = (date: string | null): Date | null => (date === null ? null : new Date(`${date}T00:00:00Z`));
