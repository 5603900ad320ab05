import type { Writable } from 'node:stream';
import { attendanceSheetTexts, localDateOf, type Attendance, type AttendanceExportQuery } from '@ams/contracts';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import { dateCell, LOCALE_DATE_FORMAT, wallClockOf, writeSheet, type Sheet } from '@ams/spreadsheet';
import type { ReportingContext } from '../context.ts';
import { timeFormatOf } from '../exports/report-export-service.ts';
import { loadCompanyRules } from '../period/period-repository.ts';
import { attendanceDayBatches } from './attendance-list-repository.ts';

/** Rows read per query: small enough to keep memory flat, large enough that round trips do not dominate. */
const BATCH_SIZE = 1000;

/** A day with its company's zone: its times are written on that company's clock. */
interface ZonedDay {
  day: Attendance;
  zone: string;
}

function sheetOf(query: AttendanceExportQuery, timeFormat: string): Sheet<ZonedDay> {
  const texts = attendanceSheetTexts[query.language];
  const time = (instant: string | null, zone: string) => (instant === null ? null : wallClockOf(new Date(instant), zone));
  const timeColumn = (header: string, of: (day: Attendance) => string | null) => ({
    header,
    numFmt: timeFormat,
    value: ({ day, zone }: ZonedDay) => time(of(day), zone),
  });
  return {
    name: texts.sheet,
    columns: [
      { header: texts.employee, width: 28, value: ({ day }) => day.employeeName },
      { header: texts.workDate, numFmt: LOCALE_DATE_FORMAT, value: ({ day }) => dateCell(day.workDate) },
      timeColumn(texts.timeIn, (day) => day.timeIn),
      timeColumn(texts.breakIn, (day) => day.breakIn),
      timeColumn(texts.breakOut, (day) => day.breakOut),
      timeColumn(texts.timeOut, (day) => day.timeOut),
      { header: texts.totalHours, numFmt: '0.00', value: ({ day }) => day.totalHours },
      { header: texts.overtimeHours, numFmt: '0.00', value: ({ day }) => day.overtimeHours },
      { header: texts.lateMinutes, value: ({ day }) => day.lateMinutes },
      { header: texts.arrivalStatus, value: ({ day }) => (day.arrivalStatus ? texts.statuses[day.arrivalStatus] : null) },
      { header: texts.departureStatus, value: ({ day }) => (day.departureStatus ? texts.statuses[day.departureStatus] : null) },
      { header: texts.reason, width: 40, value: ({ day }) => day.reason },
      { header: texts.recordedOffline, value: ({ day }) => (day.recordedOffline ? texts.yes : null) },
    ],
  };
}

/** The settings the sheet is written in: the filtered company's, else the caller's, else the organisation's. */
function sheetCompanyOf(caller: SignedInPrincipal, query: AttendanceExportQuery): string | null {
  return query.companyId ?? caller.companyId;
}

/** The workbook's file name: the list's name and today's date in the sheet's zone. */
export async function attendanceExportName(ctx: ReportingContext, caller: SignedInPrincipal, query: AttendanceExportQuery): Promise<string> {
  const rulesOf = await loadCompanyRules(ctx.pool);
  const zone = rulesOf(sheetCompanyOf(caller, query) ?? '').timezone;
  return `${attendanceSheetTexts[query.language].fileName}-${localDateOf(ctx.now(), zone)}.xlsx`;
}

/** Writes the caller's filtered work days (all of them, within their companies) to `out` as an .xlsx workbook. */
export async function exportAttendance(ctx: ReportingContext, caller: SignedInPrincipal, query: AttendanceExportQuery, out: Writable): Promise<number> {
  const { language: _language, ...filter } = query;
  const [rulesOf, timeFormat] = await Promise.all([loadCompanyRules(ctx.pool), timeFormatOf(ctx, sheetCompanyOf(caller, query))]);
  async function* zonedBatches(): AsyncGenerator<ZonedDay[]> {
    for await (const batch of attendanceDayBatches(ctx.pool, { scope: scopeOf(caller), ...filter }, BATCH_SIZE)) {
      yield batch.map((day) => ({ day, zone: rulesOf(day.companyId).timezone }));
    }
  }
  return writeSheet(out, sheetOf(query, timeFormat), zonedBatches());
}
