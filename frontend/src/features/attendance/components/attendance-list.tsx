import { arrivalStatuses, departureStatuses, type ArrivalStatus, type Attendance, type DepartureStatus } from '@ams/contracts';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { RecordedOfflineBadge } from '@/components/ui/recorded-offline-badge';
import { hrefOf, paths } from '@/config/paths';
import { urlOf } from '@/lib/api-call';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAttendances } from '../api/get-attendances';
import { useDateFormat } from '@/lib/use-date-format';
import { formatHours } from '../day-times';
import { attendanceListFiltersAtom, defaultAttendanceListFilters, type AttendanceListFilters } from '../stores/list-filters';
import { DateRange } from './date-range';
import { DeleteDialog } from './delete-dialog';
import { HistoryDialog } from './history-dialog';
import { StatusBadges } from './status-badge';
import { SearchField } from '@/components/ui/search-field';
import { FilterBar } from '@/components/ui/filter-bar';
import { QueryTable } from '@/components/ui/query-table';
import { RowButton, RowLink } from '@/components/ui/row-actions';

const PAGE_SIZE = 20;

/** The filters' option texts: the departure's 'on time' reads as such beside the arrival's. */
const arrivalLabels = { 'on time': 'onTime', 'late arrival': 'lateArrival' } as const satisfies Record<ArrivalStatus, string>;
const departureLabels = { 'on time': 'onTime', 'early departure': 'earlyDeparture' } as const satisfies Record<DepartureStatus, string>;

/** One of the list's status filters: every day, or the days with that status. */
function StatusFilter<Status extends string>(props: {
  label: string;
  allLabel: string;
  options: { value: Status; label: string }[];
  value: Status | '';
  onChange: (value: Status | '') => void;
  testId: string;
}) {
  return (
    <select
      className="select w-full"
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as Status | '')}
      data-testid={props.testId}
    >
      <option value="">{props.allLabel}</option>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Spec §2 /attendance: work days by date range, arrival and departure status and quick search; edit, delete and each day's history. */
export function AttendanceList() {
  const { t, i18n } = useTranslation();
  const format = useDateFormat();
  const { can } = useAuthorization();
  const user = useAtomValue(currentUserAtom);
  const [stored, setStored] = useAtom(attendanceListFiltersAtom);
  const filters = stored.owner === (user?.id ?? null) ? stored.filters : defaultAttendanceListFilters;
  const search = useDebouncedValue(filters.search);
  const [historyOf, setHistoryOf] = useState<Attendance | null>(null);
  const [deleting, setDeleting] = useState<Attendance | null>(null);
  const filtered = {
    from: filters.from || undefined,
    to: filters.to || undefined,
    arrivalStatus: filters.arrivalStatus || undefined,
    departureStatus: filters.departureStatus || undefined,
    search: search.trim() || undefined,
  };
  const days = useAttendances({ ...filtered, page: filters.page, pageSize: PAGE_SIZE });
  // A plain link: the session cookie goes with it, and the browser's own download shows the progress.
  const exportHref = urlOf('GET /api/attendance/export', { query: { ...filtered, language: i18n.language } });

  // Reports 1 and 2 over the list's range (the report takes it in as its own filters).
  const range = new URLSearchParams(Object.entries({ from: filters.from, to: filters.to }).filter(([, value]) => value !== ''));
  const reportHref = (path: string) => (range.size > 0 ? `${path}?${range.toString()}` : path);

  /** Any change but paging goes back to the first page. */
  const change = (next: Partial<AttendanceListFilters>) => setStored({ owner: user?.id ?? null, filters: { ...filters, page: 1, ...next } });
  const time = format.time;
  const named = (day: Attendance) => ({ name: day.employeeName, date: format.date(day.workDate) });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-end gap-3">
        {can('report.read') ? (
          <>
            <Link to={reportHref('/reports/attendance-overtime')} className="btn btn-ghost" data-testid="link-attendance-overtime">
              {t('attendance.reportAttendanceOvertime')}
            </Link>
            <Link to={reportHref('/reports/consolidated-overtime')} className="btn btn-ghost" data-testid="link-consolidated-overtime">
              {t('attendance.reportConsolidated')}
            </Link>
          </>
        ) : null}
        <a href={exportHref} download className="btn" data-testid="export-attendance">
          {t('attendance.exportExcel')}
        </a>
        {can('attendance.create') ? (
          <Link to={paths.attendanceCreate} className="btn btn-primary" data-testid="add-attendance">
            {t('attendance.addNew')}
          </Link>
        ) : null}
      </div>
      <FilterBar>
        <SearchField label={t('attendance.quickSearch')} value={filters.search} onValue={(value) => change({ search: value })} testId="attendance-search" />
        <DateRange from={filters.from} to={filters.to} onChange={change} />
        <StatusFilter
          label={t('attendance.arrivalFilter')}
          allLabel={t('attendance.allArrivals')}
          options={arrivalStatuses.map((status) => ({ value: status, label: t(`attendance.statuses.${arrivalLabels[status]}`) }))}
          value={filters.arrivalStatus}
          onChange={(arrivalStatus) => change({ arrivalStatus })}
          testId="attendance-arrival-status"
        />
        <StatusFilter
          label={t('attendance.departureFilter')}
          allLabel={t('attendance.allDepartures')}
          options={departureStatuses.map((status) => ({ value: status, label: t(`attendance.statuses.${departureLabels[status]}`) }))}
          value={filters.departureStatus}
          onChange={(departureStatus) => change({ departureStatus })}
          testId="attendance-departure-status"
        />
      </FilterBar>
      <QueryTable
        query={days}
        label={t('nav.attendance')}
        testId="attendance-table"
        rowKey={(day) => day.id}
        emptyText={translateKey('noAttendanceFound')}
        columns={[
          {
            key: 'employee',
            header: t('attendance.fields.employeeId'),
            cellClassName: 'font-medium min-w-32 wrap-anywhere',
            cellTitle: (day) => (day.reason ? t('attendance.edited', { reason: day.reason }) : undefined),
            cell: (day) => day.employeeName,
          },
          { key: 'workDate', header: t('attendance.fields.workDate'), cellClassName: 'whitespace-nowrap', cell: (day) => format.date(day.workDate) },
          { key: 'timeIn', header: t('attendance.fields.timeIn'), cell: (day) => time(day.timeIn) },
          { key: 'timeOut', header: t('attendance.fields.timeOut'), cell: (day) => time(day.timeOut) },
          {
            key: 'break',
            header: t('attendance.fields.break'),
            className: 'hidden lg:table-cell',
            cellClassName: 'whitespace-nowrap',
            cell: (day) => (day.breakIn ? `${time(day.breakIn)} – ${time(day.breakOut)}` : ''),
          },
          { key: 'totalHours', header: t('attendance.fields.totalHours'), cellClassName: 'tabular-nums', cell: (day) => formatHours(day.totalHours) },
          {
            key: 'status',
            header: t('attendance.fields.status'),
            cell: (day) => (
              <span className="flex flex-wrap gap-1">
                <StatusBadges day={day} />
                {day.recordedOffline ? <RecordedOfflineBadge /> : null}
              </span>
            ),
          },
        ]}
        actions={(day) => (
          <>
            <RowButton onClick={() => setHistoryOf(day)} label={t('attendance.history')} name={t('attendance.historyNamed', named(day))} />
            {can('attendance.update') ? (
              <RowLink to={hrefOf(paths.attendanceEdit, { id: day.id })} label={t('common.edit')} name={t('attendance.editNamed', named(day))} />
            ) : null}
            {can('attendance.delete') ? (
              <RowButton danger onClick={() => setDeleting(day)} label={t('common.delete')} name={t('attendance.deleteNamed', named(day))} />
            ) : null}
          </>
        )}
      />
      <Pagination
        page={filters.page}
        total={days.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(page) => change({ page })}
        summary={days.data ? t('attendance.total', { count: days.data.total }) : null}
      />
      <HistoryDialog day={historyOf} onClose={() => setHistoryOf(null)} />
      <DeleteDialog day={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
