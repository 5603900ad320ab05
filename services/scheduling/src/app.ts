import { subscribeDirectory } from '@ams/directory';
import { startEventService, type ServiceApp, type ServiceDependencies } from '@ams/service-kit';
import type { SchedulingContext } from './context.ts';
import { announceSchedules } from './history.ts';
import { registerScheduleRoutes } from './schedules/schedule-routes.ts';
import { endSchedulesOfArchived } from './schedules/schedule-service.ts';

/** The consumer group the scheduling service reads people's events in. */
export const SCHEDULING_GROUP = 'scheduling';

export type SchedulingDependencies = ServiceDependencies;

/** The scheduling service (schedules and rest days), subscribed to its employee directory; it never listens. */
export async function buildScheduling(deps: SchedulingDependencies): Promise<ServiceApp> {
  const { app, relay, now, answerHistory } = startEventService('scheduling', deps);
  // Who the employees are (company, department, names, status) and the companies' time zones come from
  // people's events only; an employee's archiving ends their schedules in the same transaction.
  const directory = await subscribeDirectory(deps.bus, deps.pool, SCHEDULING_GROUP, ['employee', 'organisation', 'settings'], async (tx, event) =>
    (await endSchedulesOfArchived(tx, event)) ? () => relay.wake() : undefined,
  );
  app.addHook('onClose', () => directory.stop());

  const ctx: SchedulingContext = { pool: deps.pool, relay, now };
  const history = await answerHistory(SCHEDULING_GROUP, announceSchedules);
  app.addHook('onClose', () => history.stop());
  registerScheduleRoutes(app, ctx);
  return app;
}
