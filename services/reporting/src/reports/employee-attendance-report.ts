import type { z } from 'zod';
import type { employeeAttendanceReportSchema, ReportQuery } from '@ams/contracts';
import type { SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { employeeSumsReport, refOf } from './attendance-reports.ts';
import { hoursOf, type DaySums } from '../period/day-sums.ts';
import type { ReportEmployee } from '../period/period-repository.ts';

type Report = z.input<typeof employeeAttendanceReportSchema>;
type Counts = Report['totals'];

function countsOf(sums: DaySums): Counts {
  const { daysWorked: daysPresent, absences, leaveDays, lateArrivals, earlyDepartures, scheduledDays } = sums;
  const attended = daysPresent + absences;
  return {
    daysPresent,
    absences,
    leaveDays,
    lateArrivals,
    earlyDepartures,
    scheduledDays,
    workedHours: hoursOf(sums.workedMinutes),
    attendanceRate: attended === 0 ? null : Math.round((daysPresent / attended) * 1000) / 10,
  };
}

/** Report 3's row: an employee's attendance over the period. */
export const employeeAttendanceRowOf = (employee: ReportEmployee & DaySums): Report['items'][number] => ({
  ...refOf(employee),
  ...countsOf(employee),
});

/** Report 3: each employee's attendance over the period (active ones, and archived ones with days in it), with totals. */
export function employeeAttendanceReport(ctx: ReportingContext, caller: SignedInPrincipal, query: ReportQuery): Promise<Report> {
  return employeeSumsReport(ctx, caller, query, employeeAttendanceRowOf, countsOf);
}
