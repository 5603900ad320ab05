import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { hrefOf, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { useDateFormat } from '@/lib/use-date-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLeaves } from '../api/get-leaves';
import type { LeaveListFilters } from '../stores/list-filters';
import { LeaveStatusBadge } from './leave-status-badge';
import { QueryTable } from '@/components/ui/query-table';

const PAGE_SIZE = 20;

/** Spec §2 /leave-list: the requests, pending first, then by start date; each opens its review. */
export function LeaveList({ filters, onChange }: { filters: LeaveListFilters; onChange: (next: Partial<LeaveListFilters>) => void }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const format = useDateFormat(filters.companyId || null);
  const search = useDebouncedValue(filters.search);
  const leaves = useLeaves({
    status: filters.status || undefined,
    leaveTypeId: filters.leaveTypeId || undefined,
    companyId: filters.companyId || undefined,
    departmentId: filters.departmentId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    search: search.trim() || undefined,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const mayReview = can('leave.update');

  return (
    <>
      <QueryTable
        query={leaves}
        label={t('nav.leave')}
        testId="leave-table"
        rowKey={(leave) => leave.id}
        emptyText={translateKey('noLeaveFound')}
        columns={[
          { key: 'employee', header: t('leave.fields.employee'), cellClassName: 'font-medium min-w-32 wrap-anywhere', cell: (leave) => leave.employeeName },
          { key: 'type', header: t('leave.fields.leaveType'), cell: (leave) => leave.leaveTypeName },
          {
            key: 'dates',
            header: t('leave.fields.dates'),
            cellClassName: 'whitespace-nowrap',
            cell: (leave) => t('leave.dateRange', { from: format.date(leave.from), to: format.date(leave.to) }),
          },
          { key: 'workingDays', header: t('leave.fields.workingDays'), cellClassName: 'tabular-nums', cell: (leave) => leave.workingDays },
          { key: 'status', header: t('leave.fields.status'), cell: (leave) => <LeaveStatusBadge status={leave.status} /> },
        ]}
        actions={(leave) =>
          mayReview ? (
            <Link
              to={hrefOf(paths.leaveEdit, { id: leave.id })}
              className="btn btn-ghost btn-sm"
              aria-label={t(leave.status === 'pending' ? 'leave.reviewNamed' : 'leave.openNamed', {
                name: leave.employeeName,
                from: format.date(leave.from),
              })}
            >
              {leave.status === 'pending' ? t('leave.review') : t('common.view')}
            </Link>
          ) : null
        }
      />
      <Pagination
        page={filters.page}
        total={leaves.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(page) => onChange({ page })}
        summary={leaves.data ? t('leave.total', { count: leaves.data.total }) : null}
      />
    </>
  );
}
