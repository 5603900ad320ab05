import { z } from 'zod';
import { message } from './messages/message-format.ts';

const id = z.uuid(message('invalidId'));

/** How an answer about one employee's record (a work day, a leave, a schedule) starts: its id, whose it is, and their company. */
export const employeeRecordHead = { id, employeeId: id, employeeName: z.string(), companyId: id };
