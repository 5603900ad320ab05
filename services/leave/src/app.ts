import { systemClock } from '@ams/contracts';
import { answerHistoryRequests, startOutboxRelay, type Bus } from '@ams/bus';
import type { Pool } from '@ams/db';
import { buildService, databaseAndBusProbes, type ServiceApp } from '@ams/service-kit';
import type { Polling } from '@ams/worker';
import type { LeaveContext } from './context.ts';
import { announceLeaves } from './history.ts';
import { registerLeaveRoutes } from './leaves/leave-routes.ts';
import { LEAVE_GROUP, subscribeLeaveProjections } from './projections/leave-projections.ts';

export interface LeaveDependencies {
  pool: Pool;
  bus: Bus;
  secrets: { internal: string };
  logLevel?: string;
  now?: () => Date;
  /** Whether other replicas write this service's database (default), or this process alone: then its loops wait for wakes. */
  polling?: Polling;
}

/** The leave service (requests, decisions; projections of employees, leave types and groups, schedules); it never listens. */
export async function buildLeave(deps: LeaveDependencies): Promise<ServiceApp> {
  const app = buildService({
    name: 'leave',
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
  const projections = await subscribeLeaveProjections(deps.bus, deps.pool);
  app.addHook('onClose', () => projections.stop());
  const ctx: LeaveContext = { pool: deps.pool, relay, now: deps.now ?? systemClock };
  const history = await answerHistoryRequests({
    bus: deps.bus,
    pool: deps.pool,
    relay,
    group: LEAVE_GROUP,
    owner: 'leave',
    now: ctx.now,
    announce: announceLeaves,
  });
  app.addHook('onClose', () => history.stop());

  registerLeaveRoutes(app, ctx);
  return app;
}
