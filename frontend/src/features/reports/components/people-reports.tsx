import type { Weekday } from '@ams/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/charts/chart';
import type { DataTableColumn } from '@/components/ui/data-table';
import { useEmployeeBirthdaysReport } from '../api/get-employee-birthdays-report';
import { useEmployeeListReport } from '../api/get-employee-list-report';
import { useEmployeeScheduleReport } from '../api/get-employee-schedule-report';
import { useOrganizationProfileReport } from '../api/get-organization-profile-report';
import { hoursOf } from '../report-figures';
import { employeeColumn } from './employee-column';
import { ReportFrame, ReportTable, TitledReportTable } from './report-frame';
import { useReportPage, useReportQuery } from './use-report-page';

const monthNumbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Report 4: the active employees' birthdays in a month (or all, by month), with the age they turn. */
export function EmployeeBirthdaysReport() {
  const { t, title, format, report, frame } = useReportPage('employee-birthdays', useEmployeeBirthdaysReport);
  const perMonth = report.data?.perMonth;
  const chart = useMemo(
    () => ({ labels: monthNumbers.map((month) => format.monthName(month)), series: [{ label: t('reports.columns.birthdays'), values: perMonth ?? [] }] }),
    [perMonth, format, t],
  );
  return (
    <ReportFrame {...frame}>
      {(data) => (
        <>
          <Chart type="bar" caption={t('reports.charts.birthdaysPerMonth')} labels={chart.labels} series={chart.series} testId="report-chart" />
          <ReportTable
            label={t('reports.charts.birthdaysPerMonth')}
            testId="report-month-table"
            rows={monthNumbers}
            rowKey={(month) => String(month)}
            columns={[
              { key: 'month', header: t('reports.columns.month'), cell: (month) => format.monthName(month) },
              { key: 'count', header: t('reports.columns.birthdays'), cell: (month) => data.perMonth[month - 1] ?? 0 },
            ]}
            totals={{ label: t('reports.totals'), cells: { count: data.perMonth.reduce((sum, count) => sum + count, 0) } }}
          />
          <ReportTable
            label={title}
            rows={data.items}
            rowKey={(row) => row.employeeId}
            columns={[
              employeeColumn(t),
              { key: 'birthday', header: t('reports.columns.birthday'), cell: (row) => format.date(row.birthday) },
              { key: 'turns', header: t('reports.columns.turns'), cell: (row) => row.turns },
            ]}
            totals={{ label: t('reports.totals'), cells: { birthday: t('reports.employees', { count: data.items.length }) } }}
          />
        </>
      )}
    </ReportFrame>
  );
}

/** Report 6: every field of the employees, with company, department, job title and age. */
export function EmployeeListReport() {
  const { t, title, format, frame, pages } = useReportPage('employee-list', useEmployeeListReport);
  const field = (name: string) => t(`employees.fields.${name}`);
  return (
    <ReportFrame {...frame}>
      {(data) => (
        <>
          <ReportTable
            label={title}
            rows={data.items}
            rowKey={(row) => row.employeeId}
            // Every field, grouped in a few columns (one line each), so the table fits the page and its print.
            columns={[
              { key: 'employee', header: t('reports.columns.employee'), cellClassName: 'font-medium', cell: (row) => `${row.firstName} ${row.lastName}` },
              { key: 'nationalId', header: field('nationalId'), cell: (row) => row.nationalId },
              {
                key: 'contact',
                header: t('reports.columns.contact'),
                cellClassName: 'break-all',
                cell: (row) => <Lines lines={[row.email, row.companyEmail, row.phoneNumber, row.address, row.placeOfBirth]} />,
              },
              {
                key: 'work',
                header: t('reports.columns.work'),
                cell: (row) => (
                  <Lines
                    lines={[
                      row.companyName,
                      row.departmentName,
                      row.jobTitleName,
                      `${t(`employees.employmentTypes.${row.employmentType}`)} · ${t(`employees.statuses.${row.employmentStatus}`)}`,
                      row.officialStartDate ? `${field('officialStartDate')}: ${format.date(row.officialStartDate)}` : null,
                      row.dateRegularized ? `${field('dateRegularized')}: ${format.date(row.dateRegularized)}` : null,
                    ]}
                  />
                ),
              },
              {
                key: 'personal',
                header: t('reports.columns.personal'),
                cell: (row) => (
                  <Lines
                    lines={[
                      t(`employees.genders.${row.gender}`),
                      row.civilStatus ? t(`employees.civilStatuses.${row.civilStatus}`) : null,
                      row.birthday ? `${format.date(row.birthday)}${row.age === null ? '' : ` (${t('reports.age', { count: row.age })})`}` : null,
                      row.height === null ? null : `${field('height')}: ${row.height}`,
                      row.weight === null ? null : `${field('weight')}: ${row.weight}`,
                    ]}
                  />
                ),
              },
            ]}
            totals={{ label: t('reports.totals'), cells: { nationalId: t('reports.employees', { count: data.total }) } }}
            pages={pages(data.total, t('reports.employees', { count: data.total }))}
          />
        </>
      )}
    </ReportFrame>
  );
}

/** Report 7: each active employee's schedule in force on a date, with rest days, or none. */
export function EmployeeScheduleReport() {
  const { t, title, format, frame, pages } = useReportPage('employee-schedule', useEmployeeScheduleReport);
  return (
    <ReportFrame {...frame}>
      {(data) => (
        <>
          <p className="font-medium" data-testid="report-period">
            {t('reports.schedulesOn', { date: format.date(data.date) })}
          </p>
          <ReportTable
            label={title}
            rows={data.items}
            rowKey={(row) => row.employeeId}
            columns={[
              employeeColumn(t),
              {
                key: 'shift',
                header: t('reports.columns.shift'),
                cell: (row) =>
                  row.schedule ? `${format.wallTime(row.schedule.startTime)} – ${format.wallTime(row.schedule.offTime)}` : t('reports.noSchedule'),
              },
              { key: 'hours', header: t('reports.columns.scheduledHours'), cell: (row) => (row.schedule ? hoursOf(row.schedule.totalHours) : '') },
              {
                key: 'restDays',
                header: t('reports.columns.restDays'),
                cell: (row) =>
                  row.schedule ? row.schedule.restDays.map((day) => format.weekday(day as Weekday, 'short')).join(', ') || t('reports.none') : '',
              },
              {
                key: 'period',
                header: t('reports.columns.schedulePeriod'),
                cell: (row) => (row.schedule ? `${format.date(row.schedule.fromDate)} – ${row.schedule.toDate ? format.date(row.schedule.toDate) : '…'}` : ''),
              },
            ]}
            totals={{ label: t('reports.totals'), cells: { shift: t('reports.withoutSchedule', { count: data.withoutSchedule }) } }}
            pages={pages(data.total, t('reports.employees', { count: data.total }))}
          />
        </>
      )}
    </ReportFrame>
  );
}

/** The profile's charts, in the page's order: the populations stacked (active on archived), the tallies alone. */
const profileCharts = [
  { key: 'companies', caption: 'populationPerCompany', type: 'bar', stacked: true, testId: 'chart-companies' },
  { key: 'departments', caption: 'populationPerDepartment', type: 'bar', stacked: true, testId: 'chart-departments' },
  { key: 'ageBands', caption: 'ageBands', type: 'bar', stacked: false, testId: 'chart-age' },
  { key: 'civilStatus', caption: 'civilStatus', type: 'doughnut', stacked: false, testId: 'chart-civil-status' },
  { key: 'gender', caption: 'gender', type: 'doughnut', stacked: false, testId: 'chart-gender' },
  { key: 'employmentType', caption: 'employmentType', type: 'doughnut', stacked: false, testId: 'chart-employment-type' },
] as const;

/** Report 8: companies, departments and job titles with their population; the active employees' age bands, civil status, gender and employment type. */
export function OrganizationProfileReport() {
  const { t } = useTranslation();
  const { report, frame } = useReportQuery('organization-profile', useOrganizationProfileReport);
  const profile = report.data;
  const charts = useMemo(() => {
    if (!profile) return null;
    const population = (rows: readonly { name: string; active: number; archived: number }[]) => ({
      labels: rows.map((row) => row.name),
      series: [
        { label: t('reports.columns.active'), values: rows.map((row) => row.active) },
        { label: t('reports.columns.archived'), values: rows.map((row) => row.archived) },
      ],
    });
    const tally = (rows: readonly { key: string; count: number }[], label: (key: string) => string) => ({
      labels: rows.map((row) => label(row.key)),
      series: [{ label: t('reports.columns.employees'), values: rows.map((row) => row.count) }],
    });
    return {
      companies: population(profile.companies),
      departments: population(profile.departments),
      ageBands: tally(profile.ageBands, (key) => t(`reports.ageBands.${key}`)),
      civilStatus: tally(profile.civilStatus, (key) => (key === 'unknown' ? t('reports.unknown') : t(`employees.civilStatuses.${key}`))),
      gender: tally(profile.gender, (key) => t(`employees.genders.${key}`)),
      employmentType: tally(profile.employmentType, (key) => t(`employees.employmentTypes.${key}`)),
    };
  }, [profile, t]);
  const companyName = (companyId: string) => profile?.companies.find((company) => company.companyId === companyId)?.name ?? '';
  const sum = (rows: readonly { active: number; archived: number }[], key: 'active' | 'archived') => rows.reduce((total, row) => total + row[key], 0);
  // The companies' and the departments' tables end alike: job titles, then active and archived people.
  const populationColumns: DataTableColumn<{ jobTitles: number; active: number; archived: number }>[] = [
    { key: 'jobTitles', header: t('reports.columns.jobTitles'), cell: (row) => row.jobTitles },
    { key: 'active', header: t('reports.columns.active'), cell: (row) => row.active },
    { key: 'archived', header: t('reports.columns.archived'), cell: (row) => row.archived },
  ];
  return (
    <ReportFrame {...frame}>
      {(data) =>
        charts && (
          <>
            <div className="grid gap-4 lg:grid-cols-2">
              {profileCharts.map(({ key, caption, type, stacked, testId }) => (
                <Chart
                  key={key}
                  type={type}
                  stacked={stacked}
                  caption={t(`reports.charts.${caption}`)}
                  labels={charts[key].labels}
                  series={charts[key].series}
                  testId={testId}
                />
              ))}
            </div>
            <TitledReportTable
              title={t('reports.charts.populationPerCompany')}
              testId="report-companies"
              rows={data.companies}
              rowKey={(row) => row.companyId}
              columns={[
                { key: 'name', header: t('reports.columns.company'), cellClassName: 'font-medium', cell: (row) => row.name },
                { key: 'departments', header: t('reports.columns.departments'), cell: (row) => row.departments },
                ...populationColumns,
              ]}
              totals={{
                label: t('reports.totals'),
                cells: {
                  departments: data.companies.reduce((total, row) => total + row.departments, 0),
                  jobTitles: data.companies.reduce((total, row) => total + row.jobTitles, 0),
                  active: sum(data.companies, 'active'),
                  archived: sum(data.companies, 'archived'),
                },
              }}
            />
            <TitledReportTable
              title={t('reports.charts.populationPerDepartment')}
              testId="report-departments"
              rows={data.departments}
              rowKey={(row) => row.departmentId}
              columns={[
                { key: 'name', header: t('reports.columns.department'), cellClassName: 'font-medium', cell: (row) => row.name },
                { key: 'company', header: t('reports.columns.company'), cell: (row) => companyName(row.companyId) },
                ...populationColumns,
              ]}
              totals={{ label: t('reports.totals'), cells: { active: sum(data.departments, 'active'), archived: sum(data.departments, 'archived') } }}
            />
            <div className="grid gap-4 lg:grid-cols-2">
              {(['ageBands', 'civilStatus', 'gender', 'employmentType'] as const).map((key) => (
                <div key={key} className="flex min-w-0 flex-col gap-2">
                  <TitledReportTable
                    title={t(`reports.charts.${key}`)}
                    testId={`report-${key}`}
                    rows={charts[key].labels.map((label, index) => ({ label, count: charts[key].series[0]?.values[index] ?? 0 }))}
                    rowKey={(row) => row.label}
                    columns={[
                      { key: 'label', header: t(`reports.columns.${key}`), cell: (row) => row.label },
                      { key: 'count', header: t('reports.columns.employees'), cell: (row) => row.count },
                    ]}
                    totals={{ label: t('reports.totals'), cells: { count: data[key].reduce((total, row) => total + row.count, 0) } }}
                  />
                </div>
              ))}
            </div>
          </>
        )
      }
    </ReportFrame>
  );
}

/** A cell of several values, one a line (the empty ones left out). */
function Lines({ lines }: { lines: readonly (string | null)[] }) {
  return (
    <span className="flex flex-col">
      {lines
        .filter((line): line is string => line !== null && line !== '')
        .map((line, index) => (
          <span key={index}>{line}</span>
        ))}
    </span>
  );
}
