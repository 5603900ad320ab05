import type { Bus, Subscription } from '@ams/bus';
import type { Pool } from '@ams/db';
import { subscribeDirectory } from '@ams/directory';

export const LEAVE_GROUP = 'leave';

/** Keeps the directory (employees, leave types, leave groups and their schedules) up to date. */
export function subscribeLeaveProjections(bus: Bus, pool: Pool): Promise<Subscription> {
  return subscribeDirectory(bus, pool, LEAVE_GROUP, ['employee', 'organisation', 'schedule']);
}
