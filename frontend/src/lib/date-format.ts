import { localDateOf, systemClock, weekdays, type Clock, type Weekday } from '@ams/contracts';

/**
 * Every date and time the SPA shows or asks for goes through here, read in the organisation's (or company's)
 * settings: its time zone, its time format (1 = 24-hour, 2 = 12-hour) and its country's date order, with names
 * (months, weekdays, AM/PM) in the app's language, all by Intl. Wall times to instants are in zoned-time.ts; date
 * arithmetic (addDays, weekdayOf, localDateOf) is @ams/contracts' one date module, shared with the services.
 */
export interface DateTimeSettings {
  timezone: string;
  timeFormat: 1 | 2;
  /** A country code of the settings, e.g. 'UK', 'US', 'ES' (free text that is not a code keeps the language's order). */
  country: string;
  language: string;
}

/** Country codes people write that are not the ISO region code Intl expects. */
const regionAliases: Readonly<Record<string, string>> = { UK: 'GB', EN: 'GB' };

/** The ISO 3166 region of the settings' country, when it is one Intl knows. */
export function regionOf(country: string): string | null {
  const code = country.trim().toUpperCase();
  const region = regionAliases[code] ?? code;
  if (!/^[A-Z]{2}$/.test(region)) return null;
  try {
    return new Intl.Locale('und', { region }).region ?? null;
  } catch {
    return null;
  }
}

export type DatePart = 'day' | 'month' | 'year';
export interface NumericDateStyle {
  order: readonly DatePart[];
  separator: string;
}

const numericDateStyles = new Map<string, NumericDateStyle>();

/**
 * The order and separator of a numeric date in the country (23/11/2026 in the UK, 11/23/2026 in the US,
 * 23.11.2026 in Germany, 2026/11/23 in Japan), read off Intl for the country's own main language (CLDR's
 * likely-subtags); without a country code, the app language's own.
 */
export function numericDateStyle(settings: Pick<DateTimeSettings, 'country' | 'language'>): NumericDateStyle {
  const region = regionOf(settings.country);
  const native = region ? new Intl.Locale('und', { region }).maximize() : null;
  const locale = native ? `${native.language}-${region}` : settings.language;
  const known = numericDateStyles.get(locale);
  if (known) return known;
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 10, 23));
  const order = parts
    .filter((part): part is Intl.DateTimeFormatPart & { type: DatePart } => part.type === 'day' || part.type === 'month' || part.type === 'year')
    .map((part) => part.type);
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
  const style = { order, separator };
  numericDateStyles.set(locale, style);
  return style;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' in the country's order, e.g. 23/11/2026; anything else is shown as it is. */
export function formatDate(isoDate: string | null, settings: DateTimeSettings): string {
  if (!isoDate) return '';
  const match = isoDatePattern.exec(isoDate);
  if (!match) return isoDate;
  const values: Record<DatePart, string> = { year: match[1] as string, month: match[2] as string, day: match[3] as string };
  const style = numericDateStyle(settings);
  return style.order.map((part) => values[part]).join(style.separator);
}

function timeOptions(settings: DateTimeSettings): Intl.DateTimeFormatOptions {
  return settings.timeFormat === 1 ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' };
}

function instantDate(instant: string | null): Date | null {
  if (!instant) return null;
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant's time of day in the zone: 17:30 or 5:30 PM. */
export function formatTime(instant: string | null, settings: DateTimeSettings): string {
  const date = instantDate(instant);
  if (!date) return '';
  return new Intl.DateTimeFormat(settings.language, { ...timeOptions(settings), timeZone: settings.timezone }).format(date);
}

/** An instant as the zone's date (country order) and time: 23/11/2026 17:30. */
export function formatDateTime(instant: string | null, settings: DateTimeSettings): string {
  const date = instantDate(instant);
  if (!date) return instant ?? '';
  return `${formatDate(localDateOf(date, settings.timezone), settings)} ${formatTime(instant, settings)}`;
}

/** A wall-clock time ('22:00', '22:00:00.000Z' of a schedule) in the time format, with no zone conversion. */
export function formatWallTime(time: string | null, settings: DateTimeSettings): string {
  const match = time ? /^(\d{2}):(\d{2})/.exec(time) : null;
  if (!match) return time ?? '';
  return new Intl.DateTimeFormat(settings.language, { ...timeOptions(settings), timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])),
  );
}

/** 2026-11-23 was a Monday: the weekday names are read off the week that starts there. */
const MONDAY = Date.UTC(2026, 10, 23);
const DAY_MS = 86_400_000;

export function formatWeekday(day: Weekday, settings: Pick<DateTimeSettings, 'language'>, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(settings.language, { weekday: width, timeZone: 'UTC' }).format(MONDAY + weekdays.indexOf(day) * DAY_MS);
}

/** A month 'YYYY-MM' as 'November 2026' / 'noviembre de 2026'. */
export function formatMonth(isoMonth: string, settings: Pick<DateTimeSettings, 'language'>): string {
  const [year, month] = isoMonth.split('-').map(Number);
  if (!year || !month) return isoMonth;
  return new Intl.DateTimeFormat(settings.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
}

/** A month's name alone (1 = January), in the language. */
export function formatMonthName(month: number, settings: Pick<DateTimeSettings, 'language'>): string {
  return new Intl.DateTimeFormat(settings.language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

/** Today's calendar date in the zone. */
export function todayIn(timezone: string, clock: Clock = systemClock): string {
  return localDateOf(clock(), timezone);
}

/** The formatting module bound to one company's settings and the app's language. */
export interface DateFormat {
  settings: DateTimeSettings;
  date: (isoDate: string | null) => string;
  dateTime: (instant: string | null) => string;
  time: (instant: string | null) => string;
  wallTime: (time: string | null) => string;
  weekday: (day: Weekday, width?: 'long' | 'short') => string;
  monthLabel: (isoMonth: string) => string;
  /** A month's name alone (1 = January). */
  monthName: (month: number) => string;
  today: () => string;
}

export function dateFormatOf(settings: DateTimeSettings): DateFormat {
  return {
    settings,
    date: (isoDate) => formatDate(isoDate, settings),
    dateTime: (instant) => formatDateTime(instant, settings),
    time: (instant) => formatTime(instant, settings),
    wallTime: (time) => formatWallTime(time, settings),
    weekday: (day, width) => formatWeekday(day, settings, width),
    monthLabel: (isoMonth) => formatMonth(isoMonth, settings),
    monthName: (month) => formatMonthName(month, settings),
    today: () => todayIn(settings.timezone),
  };
}
