/**
 * The SpreadsheetML (ECMA-376) parts of a one-sheet workbook: the fixed ones, the styles, and the sheet's rows
 * as text. Written by hand because a general workbook model costs ten times more per cell than this
 * (an export writes millions of cells); the zip container is left to a library.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Days between Excel's epoch (1899-12-30) and the Unix one. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** Number formats Excel knows by id: written by id, so a reader shows e.g. id 14 in its own locale's date order. */
const builtInFormats: Readonly<Record<string, number>> = {
  General: 0,
  '0': 1,
  '0.00': 2,
  '#,##0': 3,
  '#,##0.00': 4,
  '0%': 9,
  '0.00%': 10,
  'mm-dd-yy': 14,
  'd-mmm-yy': 15,
  'h:mm AM/PM': 18,
  'h:mm:ss AM/PM': 19,
  'h:mm': 20,
  'h:mm:ss': 21,
};
const FIRST_CUSTOM_FORMAT = 164;

// Text that XML 1.0 cannot hold (control characters) is dropped; markup characters are escaped.
const unsafeText = /[<>&"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapes: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

export function escapeXml(text: string): string {
  return text.replace(unsafeText, (char) => escapes[char] ?? '');
}

/** A column's letters from its index (0 → A, 26 → AA). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A date as Excel's serial number of days (the date's UTC reading is what Excel shows). */
export const excelSerial = (date: Date): number => EXCEL_EPOCH_DAYS + date.getTime() / DAY_MS;

export const contentTypesXml = `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
</Types>`;

export const packageRelsXml = `${XML_DECL}<Relationships xmlns="${PKG_REL}">
<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>
</Relationships>`;

export const workbookRelsXml = `${XML_DECL}<Relationships xmlns="${PKG_REL}">
<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>
</Relationships>`;

export const workbookXml = (sheetName: string) => `${XML_DECL}<workbook xmlns="${MAIN}" xmlns:r="${REL}">
<bookViews><workbookView/></bookViews>
<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>
</workbook>`;

/**
 * The styles: cell format 0 is plain, 1 the bold header, then one per number format in `formats` (in order).
 * Answers the styles part and each format's cell format index.
 */
export function stylesOf(formats: readonly string[]): { xml: string; styleOf: ReadonlyMap<string, number> } {
  const distinct = [...new Set(formats)];
  const custom = distinct.filter((format) => builtInFormats[format] === undefined);
  const idOf = (format: string) => builtInFormats[format] ?? FIRST_CUSTOM_FORMAT + custom.indexOf(format);
  const numFmts =
    custom.length === 0
      ? ''
      : `<numFmts count="${custom.length}">${custom.map((format) => `<numFmt numFmtId="${idOf(format)}" formatCode="${escapeXml(format)}"/>`).join('')}</numFmts>`;
  const formatXfs = distinct.map((format) => `<xf numFmtId="${idOf(format)}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
  const xml = `${XML_DECL}<styleSheet xmlns="${MAIN}">${numFmts}
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="${2 + distinct.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${formatXfs}</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;
  return { xml, styleOf: new Map(distinct.map((format, index) => [format, 2 + index])) };
}

export const HEADER_STYLE = 1;

/** The sheet's opening up to its first row: the header kept in view while scrolling, and the columns' widths and styles. */
export function sheetStartXml(columns: ReadonlyArray<{ width: number; style: number }>): string {
  const cols = columns
    .map(({ width, style }, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"${style ? ` style="${style}"` : ''}/>`)
    .join('');
  return `${XML_DECL}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">
<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>
<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
}

export const sheetEndXml = '</sheetData></worksheet>';

/** One cell's XML at `ref` (e.g. "B2") with cell format `style` (0: none); nothing for an empty cell. */
export function cellXml(ref: string, style: number, value: string | number | Date | null): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null) return '';
  if (typeof value === 'string') return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  const number = typeof value === 'number' ? value : excelSerial(value);
  // Excel has no NaN or infinity: such a cell is left empty rather than making the file unreadable.
  return Number.isFinite(number) ? `<c r="${ref}"${s}><v>${number}</v></c>` : '';
}
