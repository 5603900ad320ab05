import { systemClock } from '@ams/contracts';
import { answerHistoryRequests, startOutboxRelay, type Bus } from '@ams/bus';
import type { Pool } from '@ams/db';
import { subscribeDirectory } from '@ams/directory';
import { buildService, databaseAndBusProbes, type ServiceApp } from '@ams/service-kit';
import type { Polling } from '@ams/worker';
import type { SchedulingContext } from './context.ts';
import { announceSchedules } from './history.ts';
import { registerScheduleRoutes } from './schedules/schedule-routes.ts';
import { endSchedulesOfArchived } from './schedules/schedule-service.ts';

/** The consumer group the scheduling service reads people's events in. */
export const SCHEDULING_GROUP = 'scheduling';

export interface SchedulingDependencies {
  pool: Pool;
  bus: Bus;
  secrets: { internal: string };
  logLevel?: string;
  now?: () => Date;
  /** Whether other replicas write this service's database (default), or this process alone: then its loops wait for wakes. */
  polling?: Polling;
}

/** The scheduling service (schedules and rest days), subscribed to its employee directory; it never listens. */
export async function buildScheduling(deps: SchedulingDependencies): Promise<ServiceApp> {
  const app = buildService({
    name: 'scheduling',
    logLevel: deps.logLevel,
    gatewaySecret: deps.secrets.internal,
    ...databaseAndBusProbes(deps.pool, deps.bus),
  });
  const relay = startOutboxRelay({
    pool: deps.pool,
    bus: deps.bus,
    polling: deps.polling,
    onError: (error) => app.log.error({ err: error }, 'outbox relay failed'),
  });
  app.addHook('onClose', () => relay.stop());
  // Who the employees are (company, department, names, status) and the companies' time zones come from
  // people's events only; an employee's archiving ends their schedules in the same transaction.
  const directory = await subscribeDirectory(deps.bus, deps.pool, SCHEDULING_GROUP, ['employee', 'organisation', 'settings'], async (tx, event) =>
    (await endSchedulesOfArchived(tx, event)) ? () => relay.wake() : undefined,
  );
  app.addHook('onClose', () => directory.stop());

  const ctx: SchedulingContext = { pool: deps.pool, relay, now: deps.now ?? systemClock };
  const history = await answerHistoryRequests({
    bus: deps.bus,
    pool: deps.pool,
    relay,
    group: SCHEDULING_GROUP,
    owner: 'scheduling',
    now: ctx.now,
    announce: announceSchedules,
  });
  app.addHook('onClose', () => history.stop());
  registerScheduleRoutes(app, ctx);
  return app;
}
