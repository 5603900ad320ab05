import { route, type ServiceApp } from '@ams/service-kit';
import type { LeaveContext } from '../context.ts';
import {
  changeMyLeave,
  decideLeave,
  getLeave,
  getMyLeave,
  leaveCalendar,
  listLeavePage,
  listMyLeaves,
  listMyLeaveTypes,
  requestLeave,
  withdrawMyLeave,
} from './leave-service.ts';

export function registerLeaveRoutes(app: ServiceApp, ctx: LeaveContext): void {
  route(app, 'GET /api/leaves', ({ caller, query }) => listLeavePage(ctx, caller, query));
  route(app, 'GET /api/leaves/calendar', ({ caller, query }) => leaveCalendar(ctx, caller, query));
  route(app, 'GET /api/leaves/:id', ({ caller, params }) => getLeave(ctx, caller, params.id));
  route(app, 'PUT /api/leaves/:id/decision', ({ caller, params, body }) => decideLeave(ctx, caller, params.id, body));
  route(app, 'GET /api/me/leave-types', ({ caller }) => listMyLeaveTypes(ctx, caller));
  route(app, 'GET /api/me/leaves', ({ caller, query }) => listMyLeaves(ctx, caller, query));
  route(app, 'POST /api/me/leaves', ({ caller, body }) => requestLeave(ctx, caller, body));
  route(app, 'GET /api/me/leaves/:id', ({ caller, params }) => getMyLeave(ctx, caller, params.id));
  route(app, 'PUT /api/me/leaves/:id', ({ caller, params, body }) => changeMyLeave(ctx, caller, params.id, body));
  route(app, 'DELETE /api/me/leaves/:id', ({ caller, params }) => withdrawMyLeave(ctx, caller, params.id));
}
