import { route, type ServiceApp } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { adminDashboard } from '../dashboards/admin-dashboard.ts';
import { personalDashboard } from '../dashboards/personal-dashboard.ts';
import { attendanceOvertimeReport, consolidatedOvertimeReport } from './attendance-reports.ts';

/** The table's access rule is checked by `route`; company scope is applied by each query. */
export function registerReportingRoutes(app: ServiceApp, ctx: ReportingContext): void {
  route(app, 'GET /api/reports/attendance-overtime', ({ caller, query }) => attendanceOvertimeReport(ctx, caller, query));
  route(app, 'GET /api/reports/consolidated-overtime', ({ caller, query }) => consolidatedOvertimeReport(ctx, caller, query));
  route(app, 'GET /api/dashboard/admin', ({ caller, query }) => adminDashboard(ctx, caller, query));
  route(app, 'GET /api/dashboard/me', ({ caller }) => personalDashboard(ctx, caller));
}
