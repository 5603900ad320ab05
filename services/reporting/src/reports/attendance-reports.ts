import type { AttendanceOvertimeRow, ConsolidatedOvertimeRow, ReportQuery, ReportTotals } from '@ams/contracts';
import { addDays } from '@ams/work-time';
import { invalidField, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { daysByEmployee, hoursOf, isoOf, periodDays, totalsOf, type EmployeeDay } from './period-days.ts';
import { loadPeriod, type PeriodData } from './period-repository.ts';

export const MAX_REPORT_DAYS = 366;

interface Page<T> {
  from: string;
  to: string;
  items: T[];
  total: number;
  totals: ReportTotals;
}

/** The asked period, by default this month so far (UTC dates), at most MAX_REPORT_DAYS long. */
export function periodOf(query: Pick<ReportQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const today = now.toISOString().slice(0, 10);
  const from = query.from ?? `${today.slice(0, 8)}01`;
  const to = query.to ?? (from <= today ? today : from);
  if (to < from) throw invalidField('to', 'reportPeriodReversed');
  if (addDays(from, MAX_REPORT_DAYS - 1) < to) throw invalidField('to', 'reportPeriodTooLong', { count: MAX_REPORT_DAYS });
  return { from, to };
}

export function attendanceRowOf({ employee, workDate, mark, figures, workDay }: EmployeeDay): AttendanceOvertimeRow {
  return {
    employeeId: employee.employeeId,
    employeeName: employee.employeeName,
    companyId: employee.companyId,
    departmentId: employee.departmentId,
    departmentName: employee.departmentName,
    workDate,
    mark,
    timeIn: isoOf(workDay?.timeIn),
    breakIn: isoOf(workDay?.breakIn),
    breakOut: isoOf(workDay?.breakOut),
    timeOut: isoOf(workDay?.timeOut),
    scheduledHours: hoursOf(figures.scheduledMinutes),
    workedHours: hoursOf(figures.workedMinutes),
    breakMinutes: figures.breakMinutes,
    lateMinutes: figures.lateMinutes,
    earlyDepartureMinutes: figures.earlyDepartureMinutes,
    overtimeHours: hoursOf(figures.overtimeMinutes),
    correctionReason: workDay?.reason ?? null,
  };
}

async function daysOf(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<{ from: string; to: string; days: EmployeeDay[] }> {
  const now = ctx.now();
  const { from, to } = periodOf(query, now);
  const data = await loadPeriod(ctx.pool, scopeOf(caller), query, from, to);
  return { from, to, days: periodDays(data, from, to, now.getTime()) };
}

const pageOf = <T>(rows: readonly T[], query: Pick<ReportQuery, 'page' | 'pageSize'>) => rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);

/** Report 1: per employee and day, with the period's totals. */
export async function attendanceOvertimeReport(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<Page<AttendanceOvertimeRow>> {
  const { from, to, days } = await daysOf(ctx, caller, query);
  return { from, to, items: pageOf(days, query).map(attendanceRowOf), total: days.length, totals: totalsOf(days) };
}

/** Report 2's rows: per employee over the period (active employees without any day included, with zeros). */
export function consolidatedRowsOf(data: PeriodData, days: readonly EmployeeDay[]): ConsolidatedOvertimeRow[] {
  const byEmployee = daysByEmployee(days);
  // Archived employees only where the period has days of theirs.
  const shown = data.employees.filter((employee) => employee.employmentStatus === 'active' || byEmployee.has(employee.employeeId));
  return shown.map((employee): ConsolidatedOvertimeRow => ({
    employeeId: employee.employeeId,
    employeeName: employee.employeeName,
    companyId: employee.companyId,
    departmentId: employee.departmentId,
    departmentName: employee.departmentName,
    ...totalsOf(byEmployee.get(employee.employeeId) ?? []),
  }));
}

/** Report 2: per employee over the period, with totals. */
export async function consolidatedOvertimeReport(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<Page<ConsolidatedOvertimeRow>> {
  const now = ctx.now();
  const { from, to } = periodOf(query, now);
  const data = await loadPeriod(ctx.pool, scopeOf(caller), query, from, to);
  const days = periodDays(data, from, to, now.getTime());
  const rows = consolidatedRowsOf(data, days);
  return { from, to, items: pageOf(rows, query), total: rows.length, totals: totalsOf(days) };
}
