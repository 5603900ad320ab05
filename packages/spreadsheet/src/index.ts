export { dateCell, LOCALE_DATE_FORMAT, timeFormats, wallClockOf, writeSheet, type CellValue, type Sheet, type SheetColumn } from './sheet-writer.ts';
