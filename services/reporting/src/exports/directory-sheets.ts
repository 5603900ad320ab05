import type { Writable } from 'node:stream';
import { LOCALE_DATE_FORMAT, wallClockOf, type Sheet } from '@ams/spreadsheet';
import { birthdayReport, employeeListReport, employeeScheduleReport, organisationProfileReport } from '../reports/directory-reports.ts';
import { employeeLeavesReport, userAccountsReport } from '../reports/leave-and-account-reports.ts';
import { pagedBatches, slicedBatches, writeBatches, type ExportRun, type ReportExporter } from './export-run.ts';
import { column, dateColumn, hoursColumn } from './period-sheets.ts';

/** Rows per page or slice of the directory reports (at most a few thousand employees per company). */
const PAGE = 500;

type ItemOf<T extends (...args: never[]) => Promise<{ items: unknown[] }>> = Awaited<ReturnType<T>>['items'][number];
type Birthday = ItemOf<typeof birthdayReport>;
type LeaveTally = ItemOf<typeof employeeLeavesReport>;
type ListedEmployee = ItemOf<typeof employeeListReport>;
type EmployeeSchedule = ItemOf<typeof employeeScheduleReport>;
type UserAccount = ItemOf<typeof userAccountsReport>;

/** A line of the organisation profile: a company, a department, or one count of a demographic tally. */
interface ProfileLine {
  section: string;
  name: string;
  departments: number | null;
  jobTitles: number | null;
  active: number | null;
  archived: number | null;
  count: number | null;
}

const employee = <Row extends { employeeName: string; departmentName: string | null }>(run: ExportRun) => [
  column<Row>(run, 'employee', (row) => row.employeeName, { width: 28 }),
  column<Row>(run, 'department', (row) => row.departmentName, { width: 20 }),
];

function birthdaysSheet(run: ExportRun): Sheet<Birthday> {
  return {
    name: run.texts.sheets['employee-birthdays'],
    columns: [
      ...employee<Birthday>(run),
      dateColumn(run, 'birthday', (row) => row.birthday),
      column(run, 'month', (row) => row.month),
      column(run, 'day', (row) => row.day),
      column(run, 'turns', (row) => row.turns),
    ],
  };
}

function leavesSheet(run: ExportRun): Sheet<LeaveTally> {
  return {
    name: run.texts.sheets['employee-leaves'],
    columns: [
      ...employee<LeaveTally>(run),
      column(run, 'leaveType', (row) => row.leaveTypeName, { width: 20 }),
      column(run, 'status', (row) => run.texts.statuses[row.status]),
      column(run, 'requests', (row) => row.requests),
      column(run, 'workingDays', (row) => row.workingDays),
    ],
  };
}

function employeeListSheet(run: ExportRun): Sheet<ListedEmployee> {
  return {
    name: run.texts.sheets['employee-list'],
    columns: [
      column(run, 'employee', (row) => `${row.firstName} ${row.lastName}`, { width: 28 }),
      column(run, 'email', (row) => row.email, { width: 28 }),
      column(run, 'company', (row) => row.companyName, { width: 20 }),
      column(run, 'department', (row) => row.departmentName, { width: 20 }),
      column(run, 'jobTitle', (row) => row.jobTitleName, { width: 20 }),
      column(run, 'gender', (row) => row.gender),
      column(run, 'civilStatus', (row) => row.civilStatus),
      dateColumn(run, 'birthday', (row) => row.birthday),
      column(run, 'age', (row) => row.age),
      column(run, 'employmentType', (row) => row.employmentType),
      column(run, 'employmentStatus', (row) => run.texts.statuses[row.employmentStatus]),
      dateColumn(run, 'officialStartDate', (row) => row.officialStartDate),
      column(run, 'phoneNumber', (row) => row.phoneNumber),
      column(run, 'nationalId', (row) => row.nationalId),
    ],
  };
}

function scheduleSheet(run: ExportRun): Sheet<EmployeeSchedule> {
  return {
    name: run.texts.sheets['employee-schedule'],
    columns: [
      ...employee<EmployeeSchedule>(run),
      column(run, 'startTime', (row) => row.schedule?.startTime ?? null),
      column(run, 'offTime', (row) => row.schedule?.offTime ?? null),
      hoursColumn(run, 'scheduledHours', (row) => row.schedule?.totalHours ?? null),
      column(run, 'restDays', (row) => row.schedule?.restDays.join(', ') ?? null, { width: 24 }),
      dateColumn(run, 'fromDate', (row) => row.schedule?.fromDate ?? null),
      dateColumn(run, 'toDate', (row) => row.schedule?.toDate ?? null),
    ],
  };
}

function profileSheet(run: ExportRun): Sheet<ProfileLine> {
  return {
    name: run.texts.sheets['organization-profile'],
    columns: [
      column(run, 'section', (row) => row.section, { width: 20 }),
      column(run, 'name', (row) => row.name, { width: 28 }),
      column(run, 'departments', (row) => row.departments),
      column(run, 'jobTitles', (row) => row.jobTitles),
      column(run, 'active', (row) => row.active),
      column(run, 'archived', (row) => row.archived),
      column(run, 'count', (row) => row.count),
    ],
  };
}

function userAccountsSheet(run: ExportRun): Sheet<UserAccount> {
  return {
    name: run.texts.sheets['user-accounts'],
    columns: [
      column(run, 'name', (row) => row.name, { width: 28 }),
      column(run, 'email', (row) => row.email, { width: 28 }),
      column(run, 'accountType', (row) => row.accountType),
      column(run, 'role', (row) => row.roleName, { width: 20 }),
      column(run, 'status', (row) => run.texts.statuses[row.status]),
      column(run, 'company', (row) => row.companyName, { width: 20 }),
      column(run, 'lastSignIn', (row) => (row.lastSignInAt === null ? null : wallClockOf(new Date(row.lastSignInAt), run.zoneOf(row.companyId))), {
        numFmt: `${LOCALE_DATE_FORMAT} ${run.timeFormat}`,
        width: 20,
      }),
    ],
  };
}

async function profileLines(run: ExportRun): Promise<ProfileLine[]> {
  const profile = await organisationProfileReport(run.ctx, run.caller, { companyId: run.filter.companyId });
  const { sections } = run.texts;
  const none = { departments: null, jobTitles: null, active: null, archived: null, count: null };
  const tally = (section: string, counts: ReadonlyArray<{ key: string; count: number }>) =>
    counts.map(({ key, count }) => ({ ...none, section, name: key, count }));
  return [
    ...profile.companies.map((company) => ({
      ...none,
      section: sections.companies,
      name: company.name,
      departments: company.departments,
      jobTitles: company.jobTitles,
      active: company.active,
      archived: company.archived,
    })),
    ...profile.departments.map((department) => ({
      ...none,
      section: sections.departments,
      name: department.name,
      jobTitles: department.jobTitles,
      active: department.active,
      archived: department.archived,
    })),
    ...tally(sections.ageBands, profile.ageBands),
    ...tally(sections.civilStatus, profile.civilStatus),
    ...tally(sections.gender, profile.gender),
    ...tally(sections.employmentType, profile.employmentType),
  ];
}

/** A report's paging parameters over every row of the filter. */
const everything = (run: ExportRun) => ({ ...run.filter, page: 1, pageSize: Number.MAX_SAFE_INTEGER });

export const birthdaysExport: ReportExporter = (run, out: Writable) =>
  writeBatches(
    run,
    out,
    birthdaysSheet(run),
    slicedBatches(run, PAGE, async () => (await birthdayReport(run.ctx, run.caller, everything(run))).items),
  );
export const employeeLeavesExport: ReportExporter = (run, out) =>
  writeBatches(
    run,
    out,
    leavesSheet(run),
    slicedBatches(run, PAGE, async () => (await employeeLeavesReport(run.ctx, run.caller, everything(run))).items),
  );
export const organisationProfileExport: ReportExporter = (run, out) =>
  writeBatches(
    run,
    out,
    profileSheet(run),
    slicedBatches(run, PAGE, () => profileLines(run)),
  );
export const employeeListExport: ReportExporter = (run, out) =>
  writeBatches(
    run,
    out,
    employeeListSheet(run),
    pagedBatches(run, PAGE, (page) => employeeListReport(run.ctx, run.caller, { ...run.filter, ...page })),
  );
export const employeeScheduleExport: ReportExporter = (run, out) =>
  writeBatches(
    run,
    out,
    scheduleSheet(run),
    pagedBatches(run, PAGE, (page) => employeeScheduleReport(run.ctx, run.caller, { ...run.filter, ...page })),
  );
export const userAccountsExport: ReportExporter = (run, out) =>
  writeBatches(
    run,
    out,
    userAccountsSheet(run),
    pagedBatches(run, PAGE, (page) => userAccountsReport(run.ctx, run.caller, { ...run.filter, ...page })),
  );
