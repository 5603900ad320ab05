import type { z } from 'zod';
import type { employeeAttendanceReportSchema, ReportQuery } from '@ams/contracts';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { periodOf } from './attendance-reports.ts';
import { daysByEmployee, hoursOf, periodDays, type EmployeeDay } from './period-days.ts';
import { loadPeriod, type PeriodData, type ReportEmployee } from './period-repository.ts';

type Report = z.input<typeof employeeAttendanceReportSchema>;
type Counts = Report['totals'];

function countsOf(days: readonly EmployeeDay[]): Counts {
  let worked = 0;
  const counts = { daysPresent: 0, absences: 0, leaveDays: 0, lateArrivals: 0, earlyDepartures: 0 };
  for (const { mark, figures } of days) {
    if (mark === 'present') counts.daysPresent += 1;
    else if (mark === 'absent') counts.absences += 1;
    else counts.leaveDays += 1;
    if (figures.lateMinutes > 0) counts.lateArrivals += 1;
    if (figures.earlyDepartureMinutes > 0) counts.earlyDepartures += 1;
    worked += figures.workedMinutes;
  }
  const scheduledDays = days.filter((day) => day.figures.scheduledMinutes > 0).length;
  const attended = counts.daysPresent + counts.absences;
  return { ...counts, scheduledDays, workedHours: hoursOf(worked), attendanceRate: attended === 0 ? null : Math.round((counts.daysPresent / attended) * 1000) / 10 };
}

const refOf = (employee: ReportEmployee) => ({
  employeeId: employee.employeeId,
  employeeName: employee.employeeName,
  companyId: employee.companyId,
  departmentId: employee.departmentId,
  departmentName: employee.departmentName,
});

/** Report 3's rows: each employee's attendance over the period (active ones, and archived ones with days in it). */
export function employeeAttendanceRowsOf(data: PeriodData, days: readonly EmployeeDay[]): Report['items'] {
  const byEmployee = daysByEmployee(days);
  return data.employees
    .filter((employee) => employee.employmentStatus === 'active' || byEmployee.has(employee.employeeId))
    .map((employee) => ({ ...refOf(employee), ...countsOf(byEmployee.get(employee.employeeId) ?? []) }));
}

/** Report 3: each employee's attendance over the period, with totals. */
export async function employeeAttendanceReport(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<Report> {
  const now = ctx.now();
  const { from, to } = periodOf(query, now);
  const data = await loadPeriod(ctx.pool, scopeOf(caller), query, from, to);
  const days = periodDays(data, from, to, now.getTime());
  const rows = employeeAttendanceRowsOf(data, days);
  return { from, to, items: rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize), total: rows.length, totals: countsOf(days) };
}
