import { route, type ServiceApp } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';
import { attendanceHistory, getAttendance, listAttendance, myAttendance, presence } from './read-model-service.ts';

/** The attendance list, one day, its history, presence and the personal list, all from the read models. */
export function registerReadRoutes(app: ServiceApp, ctx: AttendanceContext): void {
  route(app, 'GET /api/attendance', ({ caller, query }) => listAttendance(ctx, caller, query));
  route(app, 'GET /api/attendance/presence', ({ caller }) => presence(ctx, caller));
  route(app, 'GET /api/attendance/:id', ({ caller, params }) => getAttendance(ctx, caller, params.id));
  route(app, 'GET /api/attendance/:id/history', ({ caller, params }) => attendanceHistory(ctx, caller, params.id));
  route(app, 'GET /api/me/attendance', ({ caller, query }) => myAttendance(ctx, caller, query));
}

