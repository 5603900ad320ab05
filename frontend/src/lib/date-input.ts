import { formatDate, numericDateStyle, type DatePart, type DateTimeSettings, type NumericDateStyle } from './date-format';

/**
 * What people type in a date field, read in the organisation's numeric order (23/11/2026 in the UK, 11/23/2026
 * in the US): any run of non-digits separates the parts, days and months may have one digit, the year needs
 * four; 'YYYY-MM-DD' is always understood. Values leave as 'YYYY-MM-DD', so forms and the API never see the order.
 */
export type DateInput =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string }
  /** Not a date in this order (a part missing, a two-digit year, letters). */
  | { kind: 'unreadable' }
  /** Read, but no such day: 31/02/2026, 29/02/2027, month 13. */
  | { kind: 'impossible' };

type DateStyle = Pick<DateTimeSettings, 'country' | 'language'>;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  return isoDatePattern.test(value) && dateOf(value) !== null;
}

/** The ISO date of year, month, day when the calendar has that day. */
function calendarDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is this month's last day (UTC: no zone, no daylight saving).
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function dateOf(iso: string): string | null {
  const match = isoDatePattern.exec(iso);
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Eight digits typed without separators (23112026) split by the order: two for day and month, four for year. */
function splitCompact(digits: string, order: readonly DatePart[]): string[] {
  const widths: Record<DatePart, number> = { day: 2, month: 2, year: 4 };
  const parts: string[] = [];
  let at = 0;
  for (const part of order) {
    parts.push(digits.slice(at, at + widths[part]));
    at += widths[part];
  }
  return parts;
}

export function parseDateInput(text: string, settings: DateStyle): DateInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const style = numericDateStyle(settings);
  let parts = trimmed.split(/\D+/).filter(Boolean);
  if (/\D/.test(trimmed.replace(/[\s./\-,]/g, ''))) return { kind: 'unreadable' };
  if (parts.length === 1 && parts[0]?.length === 8) parts = splitCompact(parts[0], style.order);
  if (parts.length !== 3) return { kind: 'unreadable' };
  // A four-digit first part is a year first, as in ISO, whatever the country's order.
  const order: readonly DatePart[] = parts[0]?.length === 4 ? ['year', 'month', 'day'] : style.order;
  const values: Partial<Record<DatePart, string>> = {};
  order.forEach((part, index) => (values[part] = parts[index]));
  const { year = '', month = '', day = '' } = values;
  if (year.length !== 4 || month.length > 2 || day.length > 2) return { kind: 'unreadable' };
  const iso = calendarDate(Number(year), Number(month), Number(day));
  return iso ? { kind: 'date', iso } : { kind: 'impossible' };
}

/** The pattern of the order with the language's letters for day, month and year: dd/mm/yyyy, dd/mm/aaaa. */
export function datePattern(settings: DateStyle, letters: Record<DatePart, string>): string {
  const style: NumericDateStyle = numericDateStyle(settings);
  return style.order.map((part) => letters[part]).join(style.separator);
}

/** Where an ISO date falls against optional ISO bounds (ISO dates compare as strings). */
export function boundsOf(iso: string, min?: string, max?: string): 'ok' | 'beforeMin' | 'afterMax' {
  if (min && iso < min) return 'beforeMin';
  if (max && iso > max) return 'afterMax';
  return 'ok';
}

/** The text a field shows for a value: the date in the order, or what was typed when it is not a date. */
export function dateInputText(value: string, settings: DateTimeSettings): string {
  return isIsoDate(value) ? formatDate(value, settings) : value;
}

/** A filter's handler that hears only settled values (a date or empty): a date still being typed changes nothing. */
export function ifSettled(handler: (value: string) => void): (value: string) => void {
  return (value) => {
    if (value === '' || isIsoDate(value)) handler(value);
  };
}
