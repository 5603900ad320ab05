import { route, type ServiceApp } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';
import { amendDay, deleteDay, recordDay } from './work-day-service.ts';

/** An admin's corrections: each needs a reason and records who made it. */
export function registerAdminRoutes(app: ServiceApp, ctx: AttendanceContext): void {
  route(app, 'POST /api/attendance', ({ caller, body }) => recordDay(ctx, caller, body));
  route(app, 'PATCH /api/attendance/:id', ({ caller, params, body }) => amendDay(ctx, caller, params.id, body));
  route(app, 'DELETE /api/attendance/:id', ({ caller, params, body }) => deleteDay(ctx, caller, params.id, body.reason));
}
