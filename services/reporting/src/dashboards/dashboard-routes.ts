import { route, type ServiceApp } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { adminDashboard } from './admin-dashboard.ts';
import { personalDashboard } from './personal-dashboard.ts';

/** The table's access rule is checked by `route`; company scope is applied by each query. */
export function registerDashboardRoutes(app: ServiceApp, ctx: ReportingContext): void {
  route(app, 'GET /api/dashboard/admin', ({ caller, query }) => adminDashboard(ctx, caller, query));
  route(app, 'GET /api/dashboard/me', ({ caller }) => personalDashboard(ctx, caller));
}
