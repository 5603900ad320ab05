import { z } from 'zod';
import { employeeRecordHead } from '../employee-record.ts';
import { listQuerySchema, sortOrderSchema } from '../identity/identity-api.ts';
import { formatMessage, message } from '../messages/message-format.ts';
import { weekdays } from './weekdays.ts';

const id = z.uuid(message('invalidId'));
const timestamps = { createdAt: z.string(), updatedAt: z.string() };

export { weekdays, type Weekday } from './weekdays.ts';
/**
 * Derived from the schedule's dates and today in its company's time zone, so it turns with time: upcoming
 * before its from date, current while in force, previous after its to date or once ended by an admin.
 */
export const scheduleStatuses = ['current', 'previous', 'upcoming'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/** Spec §8. */
export const NO_SCHEDULE_FOUND = formatMessage('noScheduleFound');

/**
 * Spec §5: times are HH:mm:ss.SSSZ. They are wall-clock times of the company's time zone (settings):
 * a shift starts at 09:00 all year, summer time or not. The trailing Z is the spec's format only.
 */
export const scheduleTimeSchema = z.string(message('scheduleTimeFormat')).regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/, message('scheduleTimeFormat'));
export const scheduleDateSchema = z.iso.date(message('scheduleDateFormat'));

/** Minutes from midnight of a schedule time. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The shift's length in hours; an off time earlier than the start time ends the next day. */
export function shiftHours(startTime: string, offTime: string): number {
  const minutes = (minutesOf(offTime) - minutesOf(startTime) + 24 * 60) % (24 * 60);
  return (minutes === 0 ? 24 * 60 : minutes) / 60;
}

const scheduleFieldsSchema = z.object({
  employeeId: z.uuid(message('employeeIsRequired')),
  startTime: scheduleTimeSchema,
  offTime: scheduleTimeSchema,
  /** Paid hours of the shift: at most its length (the rest is unpaid break). */
  totalHours: z.number(message('totalHoursIsRequired')).positive(message('totalHoursMustBeMoreThan0')).max(24, message('totalHoursMustBeAtMost24')),
  restDays: z
    .array(z.enum(weekdays, message('restDaysMustBeWeekdays')))
    .max(6, message('oneWorkingDayAtLeast'))
    .refine((days) => new Set(days).size === days.length, message('aRestDayIsListedTwice')),
  fromDate: scheduleDateSchema,
  /** Null: until another schedule replaces it. */
  toDate: scheduleDateSchema.nullable(),
});

const fitsTheShift = (body: { startTime?: string; offTime?: string; totalHours?: number }) =>
  !body.startTime || !body.offTime || body.totalHours === undefined || body.totalHours <= shiftHours(body.startTime, body.offTime) + 1e-9;
const datesInOrder = (body: { fromDate?: string; toDate?: string | null }) => !body.fromDate || !body.toDate || body.toDate >= body.fromDate;

export const scheduleCreateSchema = scheduleFieldsSchema
  .extend({ toDate: scheduleDateSchema.nullable().optional(), restDays: scheduleFieldsSchema.shape.restDays.default([]) })
  .refine(fitsTheShift, { message: message('hoursExceedShift'), path: ['totalHours'] })
  .refine(datesInOrder, { message: message('scheduleEndsBeforeStart'), path: ['toDate'] });
export const scheduleUpdateSchema = scheduleFieldsSchema
  .omit({ employeeId: true })
  .partial()
  .refine((body) => Object.keys(body).length > 0, message('nothingToChange'))
  .refine(fitsTheShift, { message: message('hoursExceedShift'), path: ['totalHours'] })
  .refine(datesInOrder, { message: message('scheduleEndsBeforeStart'), path: ['toDate'] });
export type ScheduleCreate = z.infer<typeof scheduleCreateSchema>;
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

export const scheduleSchema = z.object({
  ...employeeRecordHead,
  departmentId: id,
  startTime: z.string(),
  offTime: z.string(),
  totalHours: z.number(),
  /** Off time before start time: the shift ends the next day. */
  overnight: z.boolean(),
  restDays: z.array(z.enum(weekdays)),
  fromDate: z.string(),
  toDate: z.string().nullable(),
  status: z.enum(scheduleStatuses),
  ...timestamps,
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const scheduleListSchema = z.object({ items: z.array(scheduleSchema), total: z.number().int() });
/** The columns the schedule list sorts by: the employee's name, the shift's start, its hours, the period's start. */
export const scheduleSortFields = ['employee', 'startTime', 'totalHours', 'fromDate'] as const;
export const scheduleListQuerySchema = listQuerySchema.extend({
  employeeId: id.optional(),
  companyId: id.optional(),
  departmentId: id.optional(),
  status: z.enum(scheduleStatuses).optional(),
  sort: z.enum(scheduleSortFields).default('employee'),
  order: sortOrderSchema,
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuerySchema>;

/** The signed-in employee's schedules: newest first in each list. */
export const mySchedulesSchema = z.object({ current: scheduleSchema.nullable(), previous: z.array(scheduleSchema), upcoming: z.array(scheduleSchema) });
export type MySchedules = z.infer<typeof mySchedulesSchema>;
