import { z } from 'zod';
import { message } from '../messages/message-format.ts';

/** A schedule as the reports show it: the employee-schedule report's and the personal dashboard's. */
export const reportScheduleSchema = z.object({
  scheduleId: z.uuid(message('invalidId')),
  startTime: z.string(),
  offTime: z.string(),
  totalHours: z.number(),
  restDays: z.array(z.string()),
  fromDate: z.string(),
  toDate: z.string().nullable(),
});
