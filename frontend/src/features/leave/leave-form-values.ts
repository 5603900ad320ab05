import { addDays, countWorkingDays, leaveRequestSchema, type Leave, type LeaveRequest, type ScheduleSpan } from '@ams/contracts';

/** The request form's fields, as its inputs hold them. */
export interface LeaveFormValues extends Record<string, string> {
  leaveTypeId: string;
  from: string;
  to: string;
  returnDate: string;
  reason: string;
}

/** The form checks what the server checks: the contracts' request schema, messages included. */
export const leaveFormSchema = leaveRequestSchema;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function leaveFormValuesOf(leave: Leave | null): LeaveFormValues {
  return {
    leaveTypeId: leave?.leaveTypeId ?? '',
    from: leave?.from ?? '',
    to: leave?.to ?? '',
    returnDate: leave?.returnDate ?? '',
    reason: leave?.reason ?? '',
  };
}

/** What the API receives for the form's values (the schema trims the reason). */
export function leaveBodyOf(values: LeaveFormValues): LeaveRequest {
  return leaveFormSchema.parse(values);
}

/**
 * The working days of the dates entered, counted as the server counts them (rest days of the schedule in force
 * on each day are left out); null until both dates are there and in order.
 */
export function workingDaysOf(values: Pick<LeaveFormValues, 'from' | 'to'>, schedules: readonly ScheduleSpan[]): number | null {
  if (!isoDate.test(values.from) || !isoDate.test(values.to) || values.to < values.from) return null;
  return countWorkingDays(values.from, values.to, schedules);
}

/** The first working day after the leave: where the return date starts when the employee has not set one. */
export function firstWorkingDayAfter(to: string, schedules: readonly ScheduleSpan[]): string {
  let day = addDays(to, 1);
  // A week ahead at most: every schedule has a working day in any seven.
  for (let tries = 0; tries < 7 && countWorkingDays(day, day, schedules) === 0; tries += 1) day = addDays(day, 1);
  return day;
}

/** The values after the end date changes: a return date that no longer follows the leave moves after it. */
export function withEndDate(values: LeaveFormValues, to: string, schedules: readonly ScheduleSpan[]): LeaveFormValues {
  const keepsReturn = values.returnDate !== '' && values.returnDate > to;
  return { ...values, to, returnDate: keepsReturn || !isoDate.test(to) ? values.returnDate : firstWorkingDayAfter(to, schedules) };
}

/** The spans of my schedules (GET /api/me/schedules: current, previous and, where told, upcoming) that the count reads. */
export function scheduleSpansOf(mine: { current: ScheduleSpan | null; previous: readonly ScheduleSpan[]; upcoming?: readonly ScheduleSpan[] }): ScheduleSpan[] {
  return [...(mine.current ? [mine.current] : []), ...mine.previous, ...(mine.upcoming ?? [])];
}
