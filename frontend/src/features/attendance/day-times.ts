import { attendanceAmendSchema, attendanceRecordSchema, type Attendance } from '@ams/contracts';
import { z } from 'zod';

export interface DayTimeValues extends Record<string, string> {
  employeeId: string;
  workDate: string;
  timeIn: string;
  breakIn: string;
  breakOut: string;
  timeOut: string;
  reason: string;
}

const timeFields = ['timeIn', 'breakIn', 'breakOut', 'timeOut'] as const;
type TimeField = (typeof timeFields)[number];

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as ISO 8601 with the browser zone's offset at that instant (e.g. 2026-03-29T08:00:00+01:00). */
export function isoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The day's HH:mm inputs as instants in the browser's zone. A time earlier than the one before it is on the
 * next day (a shift past midnight). Empty inputs stay empty; a missing date leaves every time empty.
 */
export function instantsOf(workDate: string, times: Record<TimeField, string>): Record<TimeField, string> {
  const result: Record<TimeField, string> = { timeIn: '', breakIn: '', breakOut: '', timeOut: '' };
  const [year, month, day] = workDate.split('-').map(Number);
  if (!year || !month || !day) return result;
  let previous: Date | null = null;
  for (const field of timeFields) {
    const match = /^(\d{2}):(\d{2})$/.exec(times[field]);
    if (!match) continue;
    let at = new Date(year, month - 1, day, Number(match[1]), Number(match[2]));
    while (previous && at <= previous) at = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1, at.getHours(), at.getMinutes());
    result[field] = isoWithOffset(at);
    previous = at;
  }
  return result;
}

/** HH:mm of an instant in the browser's zone (the value of a time input). */
export function timeInputOf(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function dayTimeValuesOf(day: Attendance | null): DayTimeValues {
  return {
    employeeId: day?.employeeId ?? '',
    workDate: day?.workDate ?? '',
    timeIn: timeInputOf(day?.timeIn ?? null),
    breakIn: timeInputOf(day?.breakIn ?? null),
    breakOut: timeInputOf(day?.breakOut ?? null),
    timeOut: timeInputOf(day?.timeOut ?? null),
    reason: '',
  };
}

function bodyOf(values: DayTimeValues) {
  const instants = instantsOf(values.workDate, values);
  return {
    timeIn: instants.timeIn,
    breakIn: instants.breakIn || null,
    breakOut: instants.breakOut || null,
    timeOut: instants.timeOut || null,
    reason: values.reason,
  };
}

const valuesSchema = z.object({
  employeeId: z.string(),
  workDate: z.string(),
  timeIn: z.string(),
  breakIn: z.string(),
  breakOut: z.string(),
  timeOut: z.string(),
  reason: z.string(),
});

/** The create form: the contract's rules on the body the form's values make ('You must enter the time.', 'Please write the reason'). */
export const recordFormSchema = valuesSchema
  .transform((values): z.input<typeof attendanceRecordSchema> => ({ ...bodyOf(values), employeeId: values.employeeId, workDate: values.workDate }))
  .pipe(attendanceRecordSchema);
export const amendFormSchema = valuesSchema.transform((values): z.input<typeof attendanceAmendSchema> => bodyOf(values)).pipe(attendanceAmendSchema);

/** A time of day in the reader's language and zone. */
export function formatTime(instant: string | null, language: string): string {
  if (!instant) return '';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}

export function formatDateTime(instant: string, language: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A YYYY-MM-DD date in the reader's language, read as a calendar day (no time-zone shift). */
export function formatWorkDate(value: string, language: string): string {
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Date(year, month - 1, day).toLocaleDateString(language, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatHours(hours: number | null): string {
  return hours === null ? '' : hours.toFixed(2);
}
