import { z } from 'zod';

/** A work day's times after its time in (instants, null until clocked) and the figures computed from them. */
export const workDayFigures = {
  breakIn: z.string().nullable(),
  breakOut: z.string().nullable(),
  timeOut: z.string().nullable(),
  /** out − in − break, in hours; null while the day is open. */
  totalHours: z.number().nullable(),
  overtimeHours: z.number(),
  lateMinutes: z.number().int(),
};
