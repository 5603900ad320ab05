import type { Bus, Subscription } from '@ams/bus';
import type { Pool, PoolClient } from '@ams/db';
import { erasureOf, type EventEnvelope } from '@ams/contracts';
import { replaceErasedName, subscribeDirectory } from '@ams/directory';

export const LEAVE_GROUP = 'leave';

/**
 * An erased employee's leave requests take their pseudonym and lose the reasons they wrote; the dates, the
 * type and the decision stay, as the leave balances and the audit trail need them.
 */
async function eraseFromLeaves(tx: PoolClient, event: EventEnvelope): Promise<void> {
  await replaceErasedName(tx, event, 'leaves', 'employee_name');
  const erased = erasureOf(event);
  if (erased) await tx.query("UPDATE leaves SET reason = '' WHERE employee_id = $1", [erased.employeeId]);
}

/** Keeps the directory (employees, leave types, leave groups and their schedules) up to date, and erases on request. */
export function subscribeLeaveProjections(bus: Bus, pool: Pool): Promise<Subscription> {
  return subscribeDirectory(bus, pool, LEAVE_GROUP, ['employee', 'organisation', 'schedule'], eraseFromLeaves);
}
