import { addDays, minutesOf, scheduleCreateSchema, scheduleUpdateSchema, shiftHours, weekdayOf, weekdays, type Schedule, type Weekday } from '@ams/contracts';
import { z } from 'zod';

/** What the schedule form edits: times as 'HH:mm' (time inputs), hours and dates as typed. */
export interface ScheduleFormValues extends Record<string, unknown> {
  employeeId: string;
  startTime: string;
  offTime: string;
  totalHours: string;
  restDays: Weekday[];
  fromDate: string;
  toDate: string;
}

/** A time input's 'HH:mm' as the API's wall time 'HH:mm:00.000Z' (no zone: the company's wall clock). */
export const wallTimeOf = (hhmm: string) => (hhmm === '' ? '' : `${hhmm}:00.000Z`);
const timeInputOf = (wallTime: string) => wallTime.slice(0, 5);

/** A new schedule: a day shift Monday to Friday from `today`. */
export function newScheduleValues(today: string): ScheduleFormValues {
  return { employeeId: '', startTime: '09:00', offTime: '17:00', totalHours: '8', restDays: ['saturday', 'sunday'], fromDate: today, toDate: '' };
}

export function scheduleValuesOf(schedule: Schedule): ScheduleFormValues {
  return {
    employeeId: schedule.employeeId,
    startTime: timeInputOf(schedule.startTime),
    offTime: timeInputOf(schedule.offTime),
    totalHours: String(schedule.totalHours),
    restDays: schedule.restDays,
    fromDate: schedule.fromDate,
    toDate: schedule.toDate ?? '',
  };
}

/** The shift's length for the entered times, or null while one is missing. */
export function hoursOfTimes(startTime: string, offTime: string): number | null {
  return startTime && offTime ? shiftHours(wallTimeOf(startTime), wallTimeOf(offTime)) : null;
}

/** Off time at or before the start time: the shift ends the next day (as shiftHours counts it). */
export function isOvernight(startTime: string, offTime: string): boolean {
  return minutesOf(offTime) <= minutesOf(startTime);
}

/** Rest days once each, Monday first, with `day` switched. */
export function toggledRestDays(restDays: readonly Weekday[], day: Weekday): Weekday[] {
  return weekdays.filter((candidate) => (candidate === day ? !restDays.includes(day) : restDays.includes(candidate)));
}

/** The API's body for the form's values; empty fields become what the server reports as missing. */
export function scheduleBodyOf(values: ScheduleFormValues) {
  return {
    employeeId: values.employeeId,
    startTime: wallTimeOf(values.startTime),
    offTime: wallTimeOf(values.offTime),
    totalHours: values.totalHours.trim() === '' ? undefined : Number(values.totalHours),
    restDays: values.restDays,
    fromDate: values.fromDate,
    toDate: values.toDate === '' ? null : values.toDate,
  };
}

/** The create form's values checked by the API's own schema, so the spec §5 messages show per field before sending. */
export const scheduleCreateFormSchema = z.preprocess((values) => scheduleBodyOf(values as ScheduleFormValues), scheduleCreateSchema);
export const scheduleUpdateFormSchema = z.preprocess((values) => bodyWithoutEmployee(values as ScheduleFormValues), scheduleUpdateSchema);

/** An edit keeps the schedule's employee. */
function bodyWithoutEmployee(values: ScheduleFormValues) {
  const { employeeId, ...body } = scheduleBodyOf(values);
  void employeeId;
  return body;
}

/** One of the next days: its schedule's shift, a rest day, or no schedule at all. */
export interface DayShift {
  date: string;
  weekday: Weekday;
  shift: { startTime: string; offTime: string; overnight: boolean } | 'rest' | null;
}

/** The `count` days from `today`, each with the shift of the schedule covering it (as the kiosk decides). */
export function nextDays(schedules: readonly Schedule[], today: string, count = 7): DayShift[] {
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(today, index);
    const weekday = weekdayOf(date);
    const schedule = schedules.find((candidate) => candidate.fromDate <= date && (candidate.toDate === null || date <= candidate.toDate));
    if (!schedule) return { date, weekday, shift: null };
    if (schedule.restDays.includes(weekday)) return { date, weekday, shift: 'rest' };
    return { date, weekday, shift: { startTime: schedule.startTime, offTime: schedule.offTime, overnight: schedule.overnight } };
  });
}
