import type { Writable } from 'node:stream';
import type { AttendanceOvertimeRow, ConsolidatedOvertimeRow, ReportHeading } from '@ams/contracts';
import { scopeOf } from '@ams/service-kit';
import { dateCell, LOCALE_DATE_FORMAT, wallClockOf, type CellValue, type Sheet, type SheetColumn } from '@ams/spreadsheet';
import { employeeSums, periodSums, shownDaysOf, type DaySums } from '../day-figures/stored-days.ts';
import { attendanceRowOf, consolidatedRowOf, readyPeriod } from '../reports/attendance-reports.ts';
import { employeeAttendanceRowOf } from '../reports/employee-attendance-report.ts';
import { findReportEmployees, type EmployeeBatch, type ReportEmployee, type StoredWorkDay } from '../reports/period-repository.ts';
import { slicedBatches, writeBatches, type ExportRun, type ReportExporter } from './export-run.ts';

/** Employees per batch: a month of their days is a few thousand rows. */
const EMPLOYEE_BATCH = 250;
/** The first batch is smaller: its rows show progress sooner. */
const FIRST_EMPLOYEE_BATCH = 100;
export const HOURS_FORMAT = '0.00';

/** A column of a heading from the language's texts. */
export const column = <Row>(run: ExportRun, heading: ReportHeading, value: (row: Row) => CellValue, extra: Partial<SheetColumn<Row>> = {}): SheetColumn<Row> => ({
  header: run.texts.headings[heading],
  value,
  ...extra,
});
export const hoursColumn = <Row>(run: ExportRun, heading: ReportHeading, value: (row: Row) => number | null) => column<Row>(run, heading, value, { numFmt: HOURS_FORMAT });
export const dateColumn = <Row>(run: ExportRun, heading: ReportHeading, value: (row: Row) => string | null) => column<Row>(run, heading, (row) => dateCell(value(row)), { numFmt: LOCALE_DATE_FORMAT });

interface EmployeeColumns {
  employeeName: string;
  departmentName: string | null;
}
const employeeColumns = <Row extends EmployeeColumns>(run: ExportRun): SheetColumn<Row>[] => [
  column(run, 'employee', (row) => row.employeeName, { width: 28 }),
  column(run, 'department', (row) => row.departmentName, { width: 20 }),
];

/** The attendance-overtime rows, batch by batch of employees (keyset on their name order), each batch one read of stored days. */
async function* attendanceBatches(run: ExportRun): AsyncGenerator<ZonedRow[]> {
  const period = await readyPeriod(run.ctx, run.filter);
  const scope = scopeOf(run.caller);
  // Counted while the first batch is read: the first rows come sooner.
  const total = periodSums(run.ctx.pool, scope, run.filter, period);
  total.catch(() => undefined);
  let after: EmployeeBatch['after'] = null;
  for (let first = true; ; first = false) {
    const limit = first ? FIRST_EMPLOYEE_BATCH : EMPLOYEE_BATCH;
    const employees = await findReportEmployees(run.ctx.pool, scope, run.filter, { after, limit });
    const days = employees.length === 0 ? [] : await shownDaysOf(run.ctx.pool, scope, { ...run.filter, employeeIds: employees.map((employee) => employee.employeeId) }, period);
    if (first) await run.progress(0, (await total).days);
    if (employees.length === 0) return;
    if (days.length > 0) yield days.map((day) => ({ row: attendanceRowOf(day), punches: day.workDay, zone: run.zoneOf(day.employee.companyId) }));
    after = employees.at(-1) ?? null;
    if (employees.length < limit) return;
  }
}

/** A row per employee of their summed days: one aggregate, written in slices. */
const employeeSumsExport = <Row>(sheetOf: (run: ExportRun) => Sheet<Row>, rowOf: (employee: ReportEmployee & DaySums) => Row): ReportExporter =>
  (run: ExportRun, out: Writable) =>
    writeBatches(run, out, sheetOf(run), slicedBatches(run, EMPLOYEE_BATCH, async () => {
      const period = await readyPeriod(run.ctx, run.filter);
      return (await employeeSums(run.ctx.pool, scopeOf(run.caller), run.filter, period)).map(rowOf);
    }));

interface ZonedRow {
  row: AttendanceOvertimeRow;
  /** The punches as instants (ms): the row's ISO strings are not parsed back. */
  punches: StoredWorkDay | null;
  zone: string;
}

function attendanceOvertimeSheet(run: ExportRun): Sheet<ZonedRow> {
  const time = (heading: ReportHeading, of: (punches: StoredWorkDay) => number | null) =>
    column<ZonedRow>(run, heading, ({ punches, zone }) => {
      const instant = punches === null ? null : of(punches);
      return instant === null ? null : wallClockOf(new Date(instant), zone);
    }, { numFmt: run.timeFormat });
  const of = <T>(read: (row: AttendanceOvertimeRow) => T) => (zoned: ZonedRow) => read(zoned.row);
  return {
    name: run.texts.sheets['attendance-overtime'],
    columns: [
      column(run, 'employee', of((row) => row.employeeName), { width: 28 }),
      column(run, 'department', of((row) => row.departmentName), { width: 20 }),
      dateColumn(run, 'workDate', of((row) => row.workDate)),
      column(run, 'mark', of((row) => run.texts.marks[row.mark])),
      time('timeIn', (punches) => punches.timeIn),
      time('breakIn', (punches) => punches.breakIn),
      time('breakOut', (punches) => punches.breakOut),
      time('timeOut', (punches) => punches.timeOut),
      hoursColumn(run, 'scheduledHours', of((row) => row.scheduledHours)),
      hoursColumn(run, 'workedHours', of((row) => row.workedHours)),
      column(run, 'breakMinutes', of((row) => row.breakMinutes)),
      column(run, 'lateMinutes', of((row) => row.lateMinutes)),
      column(run, 'earlyDepartureMinutes', of((row) => row.earlyDepartureMinutes)),
      hoursColumn(run, 'overtimeHours', of((row) => row.overtimeHours)),
      column(run, 'correctionReason', of((row) => row.correctionReason), { width: 40 }),
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
