import { scheduleStatuses, type Schedule, type ScheduleStatus } from '@ams/contracts';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CompanyDepartmentFilter } from '@/components/ui/company-department-filter';
import { Pagination } from '@/components/ui/pagination';
import { hrefOf, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useDateFormat } from '@/lib/use-date-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useNotify } from '@/lib/use-notify';
import { useArchiveSchedule } from '../api/archive-schedule';
import { useSchedules } from '../api/get-schedules';
import { defaultScheduleListFilters, scheduleListFiltersAtom, type ScheduleListFilters } from '../stores/list-filters';
import { scheduleColumns } from './schedule-columns';
import { SearchField } from '@/components/ui/search-field';
import { QueryTable } from '@/components/ui/query-table';
import { RowButton, RowLink } from '@/components/ui/row-actions';

const PAGE_SIZE = 20;

/** Spec §2 /schedule: schedules by status and employee search; edit, and end a current one after confirming. */
export function ScheduleList() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const user = useAtomValue(currentUserAtom);
  const notify = useNotify();
  const archive = useArchiveSchedule();
  const [stored, setStored] = useAtom(scheduleListFiltersAtom);
  const filters = stored.owner === (user?.id ?? null) ? stored.filters : defaultScheduleListFilters;
  // Times in the chosen company's time format (without one: the caller's company's, or the organisation's).
  const format = useDateFormat(filters.companyId || null);
  const search = useDebouncedValue(filters.search);
  const [ending, setEnding] = useState<Schedule | null>(null);
  const schedules = useSchedules({
    status: filters.status || undefined,
    search: search.trim() || undefined,
    companyId: filters.companyId || undefined,
    departmentId: filters.departmentId || undefined,
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });

  /** Any change but paging goes back to the first page. */
  const change = (next: Partial<ScheduleListFilters>) => setStored({ owner: user?.id ?? null, filters: { ...filters, page: 1, ...next } });
  const endSchedule = () => {
    if (!ending) return;
    archive.mutate(ending.id, {
      onSuccess: () => {
        notify.success(t('schedules.ended'));
        setEnding(null);
      },
      onError: notify.failure,
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-end gap-3">
        {can('schedule.create') ? (
          <Link to={paths.scheduleCreate} className="btn btn-primary" data-testid="add-schedule">
            {t('schedules.addNew')}
          </Link>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SearchField label={t('schedules.quickSearch')} value={filters.search} onValue={(value) => change({ search: value })} testId="schedule-search" />
        <CompanyDepartmentFilter
          companyId={filters.companyId}
          departmentId={filters.departmentId}
          onCompanyChange={(companyId) => change({ companyId, departmentId: '' })}
          onDepartmentChange={(departmentId) => change({ departmentId })}
          testIdPrefix="schedule-"
        />
        <select
          className="select w-full"
          aria-label={t('schedules.statusFilter')}
          value={filters.status}
          onChange={(event) => change({ status: event.target.value as ScheduleStatus | '' })}
          data-testid="schedule-status"
        >
          <option value="">{t('schedules.allStatuses')}</option>
          {scheduleStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`schedules.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <QueryTable
        query={schedules}
        label={t('nav.schedule')}
        testId="schedule-table"
        rowKey={(schedule) => schedule.id}
        emptyText={translateKey('noScheduleFound')}
        sort={{ by: filters.sort, order: filters.order, onSort: ({ by, order }) => change({ sort: by, order }) }}
        columns={[
          {
            key: 'employee',
            header: t('schedules.fields.employeeId'),
            sort: 'employee',
            cellClassName: 'font-medium',
            cell: (schedule) => schedule.employeeName,
          },
          ...scheduleColumns(t, format),
        ]}
        actions={(schedule) => (
          <>
            {can('schedule.update') ? (
              <RowLink
                to={hrefOf(paths.scheduleEdit, { id: schedule.id })}
                label={t('common.edit')}
                name={t('schedules.editNamed', { name: schedule.employeeName })}
              />
            ) : null}
            {can('schedule.archive') && schedule.status === 'current' ? (
              <RowButton
                danger
                onClick={() => setEnding(schedule)}
                label={t('schedules.end')}
                name={t('schedules.endNamed', { name: schedule.employeeName })}
              />
            ) : null}
          </>
        )}
      />
      <Pagination
        page={filters.page}
        total={schedules.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(page) => change({ page })}
        summary={schedules.data ? t('schedules.total', { count: schedules.data.total }) : null}
      />
      <ConfirmDialog
        open={ending !== null}
        title={t('schedules.endTitle', { name: ending?.employeeName ?? '' })}
        confirmLabel={t('schedules.end')}
        busy={archive.isPending}
        onConfirm={endSchedule}
        onCancel={() => setEnding(null)}
      />
    </div>
  );
}
