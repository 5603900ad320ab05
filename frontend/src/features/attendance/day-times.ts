import { addDays, attendanceAmendSchema, attendanceRecordSchema, dayTimesProblems, localDateOf, type Attendance, type DayTimeField } from '@ams/contracts';
import { z } from 'zod';
// Relative: unit tests run this module without the app's '@' alias.

export const timeFields = ['timeIn', 'breakIn', 'breakOut', 'timeOut'] as const satisfies readonly DayTimeField[];
export type TimeField = (typeof timeFields)[number];
/** The checkbox saying a time is after midnight, on the day after the work date (a night shift). */
export type NextDayField = `${TimeField}NextDay`;
export const nextDayField = (field: TimeField): NextDayField => `${field}NextDay`;

export type DayTimeValues = Record<'employeeId' | 'workDate' | TimeField | 'reason', string> & Record<NextDayField, boolean>;

/** A wall time ('HH:mm') on a date, as an instant in the company's zone (lib/zoned-time's `instantOf`). */
export type InstantOf = (isoDate: string, hhmm: string) => string;

/**
 * The day's time inputs as instants in the company's zone: each on the work date, or on the next day where its
 * box says so. A time is never moved to the next day on its own: out of order is refused, not guessed.
 * Empty inputs (or a missing date) stay empty.
 */
export function instantsOf(values: DayTimeValues, instantOf: InstantOf): Record<TimeField, string> {
  const result: Record<TimeField, string> = { timeIn: '', breakIn: '', breakOut: '', timeOut: '' };
  if (!values.workDate) return result;
  for (const field of timeFields) {
    if (values[field]) result[field] = instantOf(values[nextDayField(field)] ? addDays(values.workDate, 1) : values.workDate, values[field]);
  }
  return result;
}

/** The form's start: the day's times as inputs in the company's zone (a time after the work date ticks its box), an empty reason. */
export function dayTimeValuesOf(day: Attendance | null, zone: { timezone: string; timeInputOf: (instant: string | null) => string }): DayTimeValues {
  const values: DayTimeValues = {
    employeeId: day?.employeeId ?? '',
    workDate: day?.workDate ?? '',
    reason: '',
    timeIn: '',
    breakIn: '',
    breakOut: '',
    timeOut: '',
    timeInNextDay: false,
    breakInNextDay: false,
    breakOutNextDay: false,
    timeOutNextDay: false,
  };
  for (const field of timeFields) {
    const instant = day?.[field] ?? null;
    values[field] = zone.timeInputOf(instant);
    values[nextDayField(field)] = day !== null && instant !== null && localDateOf(instant, zone.timezone) > day.workDate;
  }
  return values;
}

const valuesSchema = z.object({
  employeeId: z.string(),
  workDate: z.string(),
  reason: z.string(),
  timeIn: z.string(),
  breakIn: z.string(),
  breakOut: z.string(),
  timeOut: z.string(),
  timeInNextDay: z.boolean(),
  breakInNextDay: z.boolean(),
  breakOutNextDay: z.boolean(),
  timeOutNextDay: z.boolean(),
}) satisfies z.ZodType<DayTimeValues>;

function bodyOf(values: DayTimeValues, instantOf: InstantOf) {
  const instants = instantsOf(values, instantOf);
  return {
    timeIn: instants.timeIn,
    breakIn: instants.breakIn || null,
    breakOut: instants.breakOut || null,
    timeOut: instants.timeOut || null,
    reason: values.reason,
  };
}

/** The server's order rules on the instants, for feedback before sending (the server refuses by the same ones). */
function inOrder(body: { timeIn: string; breakIn: string | null; breakOut: string | null; timeOut: string | null }, context: z.RefinementCtx) {
  for (const problem of dayTimesProblems(body)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.messageKey });
}

/**
 * The form's rules: the contract's on the body its values make ('You must enter the time.', 'Please write the
 * reason'), then the order of the times. Recording sends the employee and the date too; amending only the times.
 */
export function recordFormSchema(instantOf: InstantOf) {
  return valuesSchema
    .transform((values): z.input<typeof attendanceRecordSchema> => ({ ...bodyOf(values, instantOf), employeeId: values.employeeId, workDate: values.workDate }))
    .pipe(attendanceRecordSchema)
    .superRefine(inOrder);
}

export function amendFormSchema(instantOf: InstantOf) {
  return valuesSchema
    .transform((values): z.input<typeof attendanceAmendSchema> => bodyOf(values, instantOf))
    .pipe(attendanceAmendSchema)
    .superRefine(inOrder);
}

export function formatHours(hours: number | null): string {
  return hours === null ? '' : hours.toFixed(2);
}
