import type { Writable } from 'node:stream';
import type { ConsolidatedOvertimeRow, ReportHeading } from '@ams/contracts';
import { scopeOf } from '@ams/service-kit';
import { dateCell, LOCALE_DATE_FORMAT, wallClockOf, type CellValue, type Sheet, type SheetColumn } from '@ams/spreadsheet';
import { employeeSums, periodSums, shownDayBatches } from '../day-figures/stored-days.ts';
import { hoursOf, type DaySums } from '../period/day-sums.ts';
import type { EmployeeDay, ReportEmployee, StoredWorkDay } from '../period/period-repository.ts';
import { consolidatedRowOf, readyPeriod } from '../reports/attendance-reports.ts';
import { employeeAttendanceRowOf } from '../reports/employee-attendance-report.ts';
import { slicedBatches, writeBatches, type ExportRun, type ReportExporter } from './export-run.ts';

/** Employees per slice of a report that sums their days. */
const EMPLOYEE_BATCH = 250;
/** Days per batch of the attendance rows: one fetch from the cursor, written while the next is read. */
const DAY_BATCHES = { first: 500, next: 5_000 };
export const HOURS_FORMAT = '0.00';

/** A column of a heading from the language's texts. */
export const column = <Row>(
  run: ExportRun,
  heading: ReportHeading,
  value: (row: Row) => CellValue,
  extra: Partial<SheetColumn<Row>> = {},
): SheetColumn<Row> => ({
  header: run.texts.headings[heading],
  value,
  ...extra,
});
export const hoursColumn = <Row>(run: ExportRun, heading: ReportHeading, value: (row: Row) => number | null) =>
  column<Row>(run, heading, value, { numFmt: HOURS_FORMAT });
export const dateColumn = <Row>(run: ExportRun, heading: ReportHeading, value: (row: Row) => string | null) =>
  column<Row>(run, heading, (row) => dateCell(value(row)), { numFmt: LOCALE_DATE_FORMAT });

interface EmployeeColumns {
  employeeName: string;
  departmentName: string | null;
}
const employeeColumns = <Row extends EmployeeColumns>(run: ExportRun): SheetColumn<Row>[] => [
  column(run, 'employee', (row) => row.employeeName, { width: 28 }),
  column(run, 'department', (row) => row.departmentName, { width: 20 }),
];

/** The attendance-overtime rows, batch by batch of one query's cursor, counted while the first batch is read. */
async function* attendanceBatches(run: ExportRun): AsyncGenerator<ZonedDay[]> {
  const period = readyPeriod(run.ctx, run.filter);
  const scope = scopeOf(run.caller);
  // Counted while the first batch is read: the first rows come sooner.
  const total = periodSums(run.ctx.pool, scope, run.filter, period);
  total.catch(() => undefined);
  let counted = false;
  for await (const days of shownDayBatches(run.ctx.pool, scope, run.filter, period, DAY_BATCHES)) {
    if (!counted) await run.progress(0, (await total).days);
    counted = true;
    yield days.map((day) => ({ day, zone: run.zoneOf(day.employee.companyId) }));
  }
  if (!counted) await run.progress(0, (await total).days);
}

/** A row per employee of their summed days: one aggregate, written in slices. */
const employeeSumsExport =
  <Row>(sheetOf: (run: ExportRun) => Sheet<Row>, rowOf: (employee: ReportEmployee & DaySums) => Row): ReportExporter =>
  (run: ExportRun, out: Writable) =>
    writeBatches(
      run,
      out,
      sheetOf(run),
      slicedBatches(run, EMPLOYEE_BATCH, async () => {
        const period = readyPeriod(run.ctx, run.filter);
        return (await employeeSums(run.ctx.pool, scopeOf(run.caller), run.filter, period)).map(rowOf);
      }),
    );

/** A stored day with its company's zone, as the sheet reads it (the answers' ISO strings are not made). */
interface ZonedDay {
  day: EmployeeDay;
  zone: string;
}

function attendanceOvertimeSheet(run: ExportRun): Sheet<ZonedDay> {
  const time = (heading: ReportHeading, of: (punches: StoredWorkDay) => number | null) =>
    column<ZonedDay>(
      run,
      heading,
      ({ day, zone }) => {
        const instant = day.workDay === null ? null : of(day.workDay);
        return instant === null ? null : wallClockOf(new Date(instant), zone);
      },
      { numFmt: run.timeFormat },
    );
  const of =
    <T>(read: (day: EmployeeDay) => T) =>
    (zoned: ZonedDay) =>
      read(zoned.day);
  return {
    name: run.texts.sheets['attendance-overtime'],
    columns: [
      column(
        run,
        'employee',
        of((day) => day.employee.employeeName),
        { width: 28 },
      ),
      column(
        run,
        'department',
        of((day) => day.employee.departmentName),
        { width: 20 },
      ),
      dateColumn(
        run,
        'workDate',
        of((day) => day.workDate),
      ),
      column(
        run,
        'mark',
        of((day) => run.texts.marks[day.mark]),
      ),
      time('timeIn', (punches) => punches.timeIn),
      time('breakIn', (punches) => punches.breakIn),
      time('breakOut', (punches) => punches.breakOut),
      time('timeOut', (punches) => punches.timeOut),
      hoursColumn(
        run,
        'scheduledHours',
        of((day) => hoursOf(day.figures.scheduledMinutes)),
      ),
      hoursColumn(
        run,
        'workedHours',
        of((day) => hoursOf(day.figures.workedMinutes)),
      ),
      column(
        run,
        'breakMinutes',
        of((day) => day.figures.breakMinutes),
      ),
      column(
        run,
        'lateMinutes',
        of((day) => day.figures.lateMinutes),
      ),
      column(
        run,
        'earlyDepartureMinutes',
        of((day) => day.figures.earlyDepartureMinutes),
      ),
      hoursColumn(
        run,
        'overtimeHours',
        of((day) => hoursOf(day.figures.overtimeMinutes)),
      ),
      column(
        run,
        'correctionReason',
        of((day) => day.workDay?.reason ?? null),
        { width: 40 },
      ),
      column(
        run,
        'recordedOffline',
        of((day) => (day.workDay?.recordedOffline ? run.texts.yes : null)),
      ),
    ],
  };
}

function consolidatedSheet(run: ExportRun): Sheet<ConsolidatedOvertimeRow> {
  return {
    name: run.texts.sheets['consolidated-overtime'],
    columns: [
      ...employeeColumns<ConsolidatedOvertimeRow>(run),
      column(run, 'daysWorked', (row) => row.daysWorked),
      column(run, 'absences', (row) => row.absences),
      column(run, 'leaveDays', (row) => row.leaveDays),
      column(run, 'lateArrivals', (row) => row.lateArrivals),
      column(run, 'earlyDepartures', (row) => row.earlyDepartures),
      hoursColumn(run, 'scheduledHours', (row) => row.scheduledHours),
      hoursColumn(run, 'workedHours', (row) => row.workedHours),
      column(run, 'breakMinutes', (row) => row.breakMinutes),
      column(run, 'lateMinutes', (row) => row.lateMinutes),
      column(run, 'earlyDepartureMinutes', (row) => row.earlyDepartureMinutes),
      hoursColumn(run, 'overtimeHours', (row) => row.overtimeHours),
    ],
  };
}

type EmployeeAttendanceRow = ReturnType<typeof employeeAttendanceRowOf>;

function employeeAttendanceSheet(run: ExportRun): Sheet<EmployeeAttendanceRow> {
  return {
    name: run.texts.sheets['employee-attendance'],
    columns: [
      ...employeeColumns<EmployeeAttendanceRow>(run),
      column(run, 'scheduledDays', (row) => row.scheduledDays),
      column(run, 'daysPresent', (row) => row.daysPresent),
      column(run, 'absences', (row) => row.absences),
      column(run, 'leaveDays', (row) => row.leaveDays),
      column(run, 'lateArrivals', (row) => row.lateArrivals),
      column(run, 'earlyDepartures', (row) => row.earlyDepartures),
      hoursColumn(run, 'workedHours', (row) => row.workedHours),
      column(run, 'attendanceRate', (row) => row.attendanceRate, { numFmt: '0.0' }),
    ],
  };
}

export const attendanceOvertimeExport: ReportExporter = (run, out) => writeBatches(run, out, attendanceOvertimeSheet(run), attendanceBatches(run));
export const consolidatedOvertimeExport = employeeSumsExport(consolidatedSheet, consolidatedRowOf);
export const employeeAttendanceExport = employeeSumsExport(employeeAttendanceSheet, employeeAttendanceRowOf);
