import type { AttendanceOvertimeRow, ConsolidatedOvertimeRow, ReportTotals } from '@ams/contracts';
import { useMemo } from 'react';
import type { useTranslation } from 'react-i18next';
import { Chart } from '@/components/charts/chart';
import type { DataTableColumn } from '@/components/ui/data-table';
import { RecordedOfflineBadge } from '@/components/ui/recorded-offline-badge';
import { useAttendanceOvertimeReport } from '../api/get-attendance-overtime-report';
import { useConsolidatedOvertimeReport } from '../api/get-consolidated-overtime-report';
import { useEmployeeAttendanceReport } from '../api/get-employee-attendance-report';
import { hoursOf, perDay } from '../report-figures';
import { employeeColumn } from './employee-column';
import { FigureCards, ReportFrame, ReportPeriod, ReportTable } from './report-frame';
import { useReportPage } from './use-report-page';

/** Report 1: per employee and day, scheduled and worked hours, break, lateness, early departure and overtime; absences and leave marked. */
export function AttendanceOvertimeReport() {
  const { t, title, format, report, frame, pages } = useReportPage('attendance-overtime', useAttendanceOvertimeReport);
  const days = useMemo(() => perDay(report.data?.items ?? []), [report.data]);
  const chart = useMemo(
    () => ({
      labels: days.map((day) => format.date(day.date)),
      series: [
        { label: t('reports.columns.workedHours'), values: days.map((day) => day.workedHours) },
        { label: t('reports.columns.scheduledHours'), values: days.map((day) => day.scheduledHours) },
      ],
    }),
    [days, format, t],
  );
  const columns: DataTableColumn<AttendanceOvertimeRow>[] = [
    { key: 'employee', header: t('reports.columns.employee'), cellClassName: 'font-medium', cell: (row) => row.employeeName },
    { key: 'date', header: t('reports.columns.date'), cell: (row) => format.date(row.workDate) },
    {
      key: 'mark',
      header: t('reports.columns.mark'),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          {t(`reports.marks.${row.mark}`)}
          {row.recordedOffline ? <RecordedOfflineBadge /> : null}
        </span>
      ),
    },
    {
      key: 'punches',
      header: t('reports.columns.inOut'),
      cellClassName: 'whitespace-nowrap',
      cell: (row) => (row.timeIn ? `${format.time(row.timeIn)} – ${format.time(row.timeOut)}` : ''),
    },
    { key: 'scheduledHours', header: t('reports.columns.scheduledHours'), cell: (row) => hoursOf(row.scheduledHours) },
    { key: 'workedHours', header: t('reports.columns.workedHours'), cell: (row) => hoursOf(row.workedHours) },
    { key: 'breakMinutes', header: t('reports.columns.breakMinutes'), cell: (row) => row.breakMinutes },
    { key: 'lateMinutes', header: t('reports.columns.lateMinutes'), cell: (row) => row.lateMinutes },
    { key: 'earlyDepartureMinutes', header: t('reports.columns.earlyDepartureMinutes'), cell: (row) => row.earlyDepartureMinutes },
    { key: 'overtimeHours', header: t('reports.columns.overtimeHours'), cell: (row) => hoursOf(row.overtimeHours) },
  ];
  return (
    <ReportFrame {...frame}>
      {(data) => (
        <>
          <ReportPeriod from={data.from} to={data.to} format={format} />
          <FigureCards cards={totalsCards(t, data.totals)} />
          {days.length > 0 ? (
            <Chart type="bar" caption={t('reports.charts.workedVsScheduled')} labels={chart.labels} series={chart.series} testId="report-chart" />
          ) : null}
          <ReportTable
            label={title}
            rows={data.items}
            rowKey={(row) => `${row.employeeId}-${row.workDate}`}
            columns={columns}
            totals={{
              label: t('reports.totals'),
              cells: {
                scheduledHours: hoursOf(data.totals.scheduledHours),
                workedHours: hoursOf(data.totals.workedHours),
                breakMinutes: data.totals.breakMinutes,
                lateMinutes: data.totals.lateMinutes,
                earlyDepartureMinutes: data.totals.earlyDepartureMinutes,
                overtimeHours: hoursOf(data.totals.overtimeHours),
              },
            }}
            pages={pages(data.total, t('reports.rows', { count: data.total }))}
          />
        </>
      )}
    </ReportFrame>
  );
}

/** Report 2: per employee over the period. */
export function ConsolidatedOvertimeReport() {
  const { t, title, format, report, frame, pages } = useReportPage('consolidated-overtime', useConsolidatedOvertimeReport);
  const chart = useMemo(() => {
    const items = report.data?.items ?? [];
    return {
      labels: items.map((row) => row.employeeName),
      series: [{ label: t('reports.columns.overtimeHours'), values: items.map((row) => row.overtimeHours) }],
    };
  }, [report.data, t]);
  const columns: DataTableColumn<ConsolidatedOvertimeRow>[] = [employeeColumn(t), ...totalsColumns<ConsolidatedOvertimeRow>(t)];
  return (
    <ReportFrame {...frame}>
      {(data) => (
        <>
          <ReportPeriod from={data.from} to={data.to} format={format} />
          {data.items.length > 0 ? (
            <Chart type="bar" horizontal caption={t('reports.charts.overtimePerEmployee')} labels={chart.labels} series={chart.series} testId="report-chart" />
          ) : null}
          <ReportTable
            label={title}
            rows={data.items}
            rowKey={(row) => row.employeeId}
            columns={columns}
            totals={{ label: t('reports.totals'), cells: totalsCells(data.totals) }}
            pages={pages(data.total, t('reports.employees', { count: data.total }))}
          />
        </>
      )}
    </ReportFrame>
  );
}

type EmployeeAttendanceRow = NonNullable<ReturnType<typeof useEmployeeAttendanceReport>['data']>['items'][number];

/** Report 3: per employee over the period, planned days against days present, absences, leave, lateness and the attendance rate. */
export function EmployeeAttendanceReport() {
  const { t, title, format, frame, pages } = useReportPage('employee-attendance', useEmployeeAttendanceReport);
  const rate = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} %`);
  const columns: DataTableColumn<EmployeeAttendanceRow>[] = [
    employeeColumn(t),
    { key: 'scheduledDays', header: t('reports.columns.scheduledDays'), cell: (row) => row.scheduledDays },
    { key: 'daysPresent', header: t('reports.columns.daysPresent'), cell: (row) => row.daysPresent },
    { key: 'absences', header: t('reports.columns.absences'), cell: (row) => row.absences },
    { key: 'leaveDays', header: t('reports.columns.leaveDays'), cell: (row) => row.leaveDays },
    { key: 'lateArrivals', header: t('reports.columns.lateArrivals'), cell: (row) => row.lateArrivals },
    { key: 'earlyDepartures', header: t('reports.columns.earlyDepartures'), cell: (row) => row.earlyDepartures },
    { key: 'workedHours', header: t('reports.columns.workedHours'), cell: (row) => hoursOf(row.workedHours) },
    { key: 'attendanceRate', header: t('reports.columns.attendanceRate'), cell: (row) => rate(row.attendanceRate) },
  ];
  return (
    <ReportFrame {...frame}>
      {(data) => (
        <>
          <ReportPeriod from={data.from} to={data.to} format={format} />
          <ReportTable
            label={title}
            rows={data.items}
            rowKey={(row) => row.employeeId}
            columns={columns}
            totals={{
              label: t('reports.totals'),
              cells: {
                scheduledDays: data.totals.scheduledDays,
                daysPresent: data.totals.daysPresent,
                absences: data.totals.absences,
                leaveDays: data.totals.leaveDays,
                lateArrivals: data.totals.lateArrivals,
                earlyDepartures: data.totals.earlyDepartures,
                workedHours: hoursOf(data.totals.workedHours),
                attendanceRate: rate(data.totals.attendanceRate),
              },
            }}
            pages={pages(data.total, t('reports.employees', { count: data.total }))}
          />
        </>
      )}
    </ReportFrame>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

const totalKeys = [
  'daysWorked',
  'absences',
  'leaveDays',
  'lateArrivals',
  'earlyDepartures',
  'scheduledHours',
  'workedHours',
  'lateMinutes',
  'overtimeHours',
] as const satisfies readonly (keyof ReportTotals)[];
const hourKeys: ReadonlySet<string> = new Set(['scheduledHours', 'workedHours', 'overtimeHours']);
const figureOf = (key: keyof ReportTotals, value: number) => (hourKeys.has(key) ? hoursOf(value) : value);

function totalsColumns<Row extends ReportTotals>(t: Translate): DataTableColumn<Row>[] {
  return totalKeys.map((key) => ({ key, header: t(`reports.columns.${key}`), cell: (row: Row) => figureOf(key, row[key]) }));
}

function totalsCells(totals: ReportTotals): Record<string, string | number> {
  return Object.fromEntries(totalKeys.map((key) => [key, figureOf(key, totals[key])]));
}

/** The period's totals at a glance (the table's last row says them too). */
function totalsCards(t: Translate, totals: ReportTotals) {
  const shown = ['daysWorked', 'absences', 'leaveDays', 'workedHours', 'overtimeHours'] as const;
  return shown.map((key) => ({ key, label: t(`reports.columns.${key}`), value: figureOf(key, totals[key]), testId: `total-${key}` }));
}
