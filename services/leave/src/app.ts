import { startEventService, type ServiceApp, type ServiceDependencies } from '@ams/service-kit';
import type { LeaveContext } from './context.ts';
import { announceLeaves } from './history.ts';
import { registerLeaveRoutes } from './leaves/leave-routes.ts';
import { LEAVE_GROUP, subscribeLeaveProjections } from './projections/leave-projections.ts';

export type LeaveDependencies = ServiceDependencies;

/** The leave service (requests, decisions; projections of employees, leave types and groups, schedules); it never listens. */
export async function buildLeave(deps: LeaveDependencies): Promise<ServiceApp> {
  const { app, relay, now, answerHistory } = startEventService('leave', deps);
  const projections = await subscribeLeaveProjections(deps.bus, deps.pool);
  app.addHook('onClose', () => projections.stop());
  const ctx: LeaveContext = { pool: deps.pool, relay, now };
  const history = await answerHistory(LEAVE_GROUP, announceLeaves);
  app.addHook('onClose', () => history.stop());

  registerLeaveRoutes(app, ctx);
  return app;
}
