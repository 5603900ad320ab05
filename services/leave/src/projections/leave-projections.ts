import type { Bus, Subscription } from '@ams/bus';
import type { Pool } from '@ams/db';
import { replaceErasedName, subscribeDirectory } from '@ams/directory';

export const LEAVE_GROUP = 'leave';

/**
 * Keeps the directory (employees, leave types, leave groups and their schedules) up to date, and puts an
 * erased employee's pseudonym on their leave requests.
 */
export function subscribeLeaveProjections(bus: Bus, pool: Pool): Promise<Subscription> {
  return subscribeDirectory(bus, pool, LEAVE_GROUP, ['employee', 'organisation', 'schedule'], (tx, event) => replaceErasedName(tx, event, 'leaves', 'employee_name'));
}
