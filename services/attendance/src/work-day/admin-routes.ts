import { route, type ServiceApp } from '@ams/service-kit';
import type { WorkDayContext } from './work-day-context.ts';
import { attendanceHistory } from './day-history.ts';
import { amendDay, deleteDay, recordDay } from './work-day-service.ts';

/**
 * An admin's corrections (each needs a reason and records who made it) and a day's history from its stream; reporting
 * answers the list, one day, presence and the export from the days it counts.
 */
export function registerAdminRoutes(app: ServiceApp, ctx: WorkDayContext): void {
  route(app, 'POST /api/attendance', ({ caller, body }) => recordDay(ctx, caller, body));
  route(app, 'PATCH /api/attendance/:id', ({ caller, params, body }) => amendDay(ctx, caller, params.id, body));
  route(app, 'DELETE /api/attendance/:id', ({ caller, params, body }) => deleteDay(ctx, caller, params.id, body.reason));
  route(app, 'GET /api/attendance/:id/history', ({ caller, params }) => attendanceHistory(ctx, caller, params.id));
}
