import ExcelJS from 'exceljs';

export interface ReadSheet {
  name: string;
  /** Each row's cell values from the first column; an empty cell reads `null`. */
  rows: unknown[][];
  /** Each row's cells' number formats. */
  formats: string[][];
  headerBold: boolean;
}

/** The sheets of an .xlsx workbook as plain values, for tests that open what an export wrote. */
export async function readWorkbook(bytes: Uint8Array): Promise<ReadSheet[]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer.
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    const formats: string[][] = [];
    const width = sheet.columnCount;
    sheet.eachRow((row) => {
      const cells = Array.from({ length: width }, (_, index) => row.getCell(index + 1));
      rows.push(cells.map((cell) => cell.value ?? null));
      formats.push(cells.map((cell) => cell.numFmt ?? ''));
    });
    return { name: sheet.name, rows, formats, headerBold: sheet.getRow(1).font?.bold === true };
  });
}
