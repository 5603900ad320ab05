export { wallClockOf, writeSheet, type CellValue, type Sheet, type SheetColumn } from './sheet-writer.ts';
