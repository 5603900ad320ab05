import { route, type ServiceApp } from '@ams/service-kit';
import type { SchedulingContext } from '../context.ts';
import { archiveSchedule, assignSchedule, changeSchedule, getSchedule, listSchedulePage, mySchedules } from './schedule-service.ts';

/** The table's access rule is checked by `route`; here: company scope and ownership. */
export function registerScheduleRoutes(app: ServiceApp, ctx: SchedulingContext): void {
  route(app, 'GET /api/schedules', ({ caller, query }) => listSchedulePage(ctx, caller, query));
  route(app, 'POST /api/schedules', ({ caller, body }) => assignSchedule(ctx, caller, body));
  route(app, 'GET /api/schedules/:id', ({ caller, params }) => getSchedule(ctx, caller, params.id));
  route(app, 'PATCH /api/schedules/:id', ({ caller, params, body }) => changeSchedule(ctx, caller, params.id, body));
  route(app, 'POST /api/schedules/:id/archive', ({ caller, params }) => archiveSchedule(ctx, caller, params.id));
  route(app, 'GET /api/me/schedules', ({ caller }) => mySchedules(ctx, caller));
}
