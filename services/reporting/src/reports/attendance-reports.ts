import { addDays, localDateOf, type AttendanceOvertimeRow, type ConsolidatedOvertimeRow, type ReportQuery, type ReportTotals } from '@ams/contracts';
import { invalidField, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { employeeSums, periodSums, shownDaysOf, type Period } from '../day-figures/stored-days.ts';
import { addSums, hoursOf, noDays, totalsOfSums, type DaySums } from '../period/day-sums.ts';
import { isoOf } from '../period/period-days.ts';
import type { EmployeeDay, ReportEmployee } from '../period/period-repository.ts';

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
  const today = localDateOf(now, 'UTC');
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
    recordedOffline: workDay?.recordedOffline ?? false,
  };
}

/** The caller's period of the query, read at now (the day horizon worker keeps the stored days ahead of it). */
export function readyPeriod(ctx: ReportingContext, query: Pick<ReportQuery, 'from' | 'to'>): Period {
  const now = ctx.now();
  return { ...periodOf(query, now), now };
}

/** Report 1: per employee and day (a page of them: indexed reads), with the period's totals (one SQL aggregate). */
export async function attendanceOvertimeReport(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<Page<AttendanceOvertimeRow>> {
  const period = readyPeriod(ctx, query);
  const scope = scopeOf(caller);
  const [days, sums] = await Promise.all([
    shownDaysOf(ctx.pool, scope, query, period, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    periodSums(ctx.pool, scope, query, period),
  ]);
  return { from: period.from, to: period.to, items: days.map(attendanceRowOf), total: sums.days, totals: totalsOfSums(sums) };
}

export const refOf = (employee: ReportEmployee) => ({
  employeeId: employee.employeeId,
  employeeName: employee.employeeName,
  companyId: employee.companyId,
  departmentId: employee.departmentId,
  departmentName: employee.departmentName,
});

/** Report 2's row of an employee's summed days. */
export const consolidatedRowOf = (employee: ReportEmployee & DaySums): ConsolidatedOvertimeRow => ({ ...refOf(employee), ...totalsOfSums(employee) });

/**
 * A report of one row per employee over the period (active employees, and archived ones with days in it): a
 * page of the rows, and the totals of everyone's summed days.
 */
export async function employeeSumsReport<Row, Totals>(
  ctx: ReportingContext,
  caller: SignedInPrincipal,
  query: ReportQuery,
  rowOf: (employee: ReportEmployee & DaySums) => Row,
  totalsOf: (sums: DaySums) => Totals,
): Promise<{ from: string; to: string; items: Row[]; total: number; totals: Totals }> {
  const period = readyPeriod(ctx, query);
  const employees = await employeeSums(ctx.pool, scopeOf(caller), query, period);
  return {
    from: period.from,
    to: period.to,
    items: employees.slice((query.page - 1) * query.pageSize, query.page * query.pageSize).map(rowOf),
    total: employees.length,
    totals: totalsOf(employees.reduce<DaySums>(addSums, noDays)),
  };
}

/** Report 2: per employee over the period (active employees without any day included, with zeros), with totals. */
export function consolidatedOvertimeReport(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<Page<ConsolidatedOvertimeRow>> {
  return employeeSumsReport(ctx, caller, query, consolidatedRowOf, totalsOfSums);
}
