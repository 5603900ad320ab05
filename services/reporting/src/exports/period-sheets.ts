import type { Writable } from 'node:stream';
import type { AttendanceOvertimeRow, ConsolidatedOvertimeRow, ReportHeading } from '@ams/contracts';
import { scopeOf } from '@ams/service-kit';
import { dateCell, LOCALE_DATE_FORMAT, wallClockOf, type CellValue, type Sheet, type SheetColumn } from '@ams/spreadsheet';
import { attendanceRowOf, consolidatedRowsOf, periodOf } from '../reports/attendance-reports.ts';
import { employeeAttendanceRowsOf } from '../reports/employee-attendance-report.ts';
import { periodDays, type EmployeeDay } from '../reports/period-days.ts';
import { loadPeriod, type EmployeeBatch, type PeriodData } from '../reports/period-repository.ts';
import { writeBatches, type ExportRun, type ReportExporter } from './export-run.ts';

/** Employees per batch: a month of their days is a few thousand rows. */
const EMPLOYEE_BATCH = 250;
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

/** The period's rows, batch by batch of employees (keyset on their name order): each batch read in its own queries. */
async function* periodBatches<Row>(run: ExportRun, rowsOf: (data: PeriodData, days: EmployeeDay[]) => Row[]): AsyncGenerator<Row[]> {
  const now = run.ctx.now();
  const { from, to } = periodOf(run.filter, now);
  let after: EmployeeBatch['after'] = null;
  for (;;) {
    const data = await loadPeriod(run.ctx.pool, scopeOf(run.caller), run.filter, from, to, { after, limit: EMPLOYEE_BATCH });
    const rows = rowsOf(data, periodDays(data, from, to, now.getTime()));
    if (rows.length > 0) yield rows;
    after = data.employees.at(-1) ?? null;
    if (data.employees.length < EMPLOYEE_BATCH) return;
  }
}

const exportPeriod = <Row>(sheetOf: (run: ExportRun) => Sheet<Row>, rowsOf: (data: PeriodData, days: EmployeeDay[]) => Row[]): ReportExporter =>
  (run: ExportRun, out: Writable) => writeBatches(run, out, sheetOf(run), periodBatches(run, rowsOf));

interface ZonedRow {
  row: AttendanceOvertimeRow;
  zone: string;
}

function attendanceOvertimeSheet(run: ExportRun): Sheet<ZonedRow> {
  const time = (heading: ReportHeading, of: (row: AttendanceOvertimeRow) => string | null) =>
    column<ZonedRow>(run, heading, ({ row, zone }) => {
      const instant = of(row);
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
      time('timeIn', (row) => row.timeIn),
      time('breakIn', (row) => row.breakIn),
      time('breakOut', (row) => row.breakOut),
      time('timeOut', (row) => row.timeOut),
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

type EmployeeAttendanceRow = ReturnType<typeof employeeAttendanceRowsOf>[number];

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

export const attendanceOvertimeExport = exportPeriod(attendanceOvertimeSheet, (data, days) =>
  days.map((day) => ({ row: attendanceRowOf(day), zone: data.rulesOf(day.employee.companyId).timezone })),
);
export const consolidatedOvertimeExport = exportPeriod(consolidatedSheet, consolidatedRowsOf);
export const employeeAttendanceExport = exportPeriod(employeeAttendanceSheet, employeeAttendanceRowsOf);
