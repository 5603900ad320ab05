import { route, type ServiceApp } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { attendanceOvertimeReport, consolidatedOvertimeReport } from './attendance-reports.ts';
import { birthdayReport, employeeListReport, employeeScheduleReport, organisationProfileReport } from './directory-reports.ts';
import { employeeAttendanceReport } from './employee-attendance-report.ts';
import { employeeLeavesReport, userAccountsReport } from './leave-and-account-reports.ts';

/** The table's access rule is checked by `route`; company scope is applied by each query. */
export function registerReportRoutes(app: ServiceApp, ctx: ReportingContext): void {
  route(app, 'GET /api/reports/attendance-overtime', ({ caller, query }) => attendanceOvertimeReport(ctx, caller, query));
  route(app, 'GET /api/reports/consolidated-overtime', ({ caller, query }) => consolidatedOvertimeReport(ctx, caller, query));
  route(app, 'GET /api/reports/employee-attendance', ({ caller, query }) => employeeAttendanceReport(ctx, caller, query));
  route(app, 'GET /api/reports/employee-birthdays', ({ caller, query }) => birthdayReport(ctx, caller, query));
  route(app, 'GET /api/reports/employee-leaves', ({ caller, query }) => employeeLeavesReport(ctx, caller, query));
  route(app, 'GET /api/reports/employee-list', ({ caller, query }) => employeeListReport(ctx, caller, query));
  route(app, 'GET /api/reports/employee-schedule', ({ caller, query }) => employeeScheduleReport(ctx, caller, query));
  route(app, 'GET /api/reports/organization-profile', ({ caller, query }) => organisationProfileReport(ctx, caller, query));
  route(app, 'GET /api/reports/user-accounts', ({ caller, query }) => userAccountsReport(ctx, caller, query));
}
