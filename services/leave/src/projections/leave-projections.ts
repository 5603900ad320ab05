import { handleOnce, topicForFamily, type Bus, type Subscription } from '@ams/bus';
import { eventFamily } from '@ams/contracts';
import type { Pool } from '@ams/db';
import { applyDirectoryEvent } from '@ams/directory';
import { applyScheduleEvent } from './schedule-projection.ts';

export const LEAVE_GROUP = 'leave';

/**
 * Keeps the directory (employees, leave types, leave groups) and the schedules up to date.
 * One subscription for all three topics rather than `subscribeDirectory` beside a second one: on Kafka
 * the group leader assigns only the topics it subscribed to itself, so two members of one group with
 * different topics would each drop the partitions of the other's topics.
 */
export function subscribeLeaveProjections(bus: Bus, pool: Pool): Promise<Subscription> {
  const topics = ['employee', 'organisation', 'schedule'].map((family) => topicForFamily(family));
  return bus.subscribe(LEAVE_GROUP, topics, async (event) => {
    await handleOnce(pool, LEAVE_GROUP, event, (tx) =>
      eventFamily(event.type) === 'schedule' ? applyScheduleEvent(tx, event) : applyDirectoryEvent(tx, event),
    );
  });
}
