import type { Leave } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { hrefOf, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { useDateFormat } from '@/lib/use-date-format';
import { useNotify } from '@/lib/use-notify';
import { useMyLeaves } from '../api/get-my-leaves';
import { useWithdrawMyLeave } from '../api/withdraw-my-leave';
import { LeaveStatusBadge } from './leave-status-badge';
import { QueryTable } from '@/components/ui/query-table';
import { RowButton, RowLink } from '@/components/ui/row-actions';

const PAGE_SIZE = 20;

/** Spec §2 /personal/leave: my requests with their status and the admin's comment; edit or withdraw while pending. */
export function MyLeaves() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const notify = useNotify();
  const format = useDateFormat();
  const [page, setPage] = useState(1);
  const [withdrawing, setWithdrawing] = useState<Leave | null>(null);
  const leaves = useMyLeaves({ page, pageSize: PAGE_SIZE });
  const withdraw = useWithdrawMyLeave();
  const named = (leave: Leave) => ({ type: leave.leaveTypeName, from: format.date(leave.from) });

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => {
        notify.success(t('leave.mine.withdrawn'));
        setWithdrawing(null);
      },
      onError: (error) => {
        notify.failure(error);
        setWithdrawing(null);
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {can('leave.create') ? (
        <div className="flex justify-end">
          <Link to={paths.personal.leaveCreate} className="btn btn-neutral" data-testid="request-leave">
            {t('leave.mine.request')}
          </Link>
        </div>
      ) : null}
      <QueryTable
        query={leaves}
        label={t('nav.myLeave')}
        testId="my-leave-table"
        rowKey={(leave) => leave.id}
        emptyText={translateKey('noLeaveFound')}
        columns={[
          { key: 'type', header: t('leave.fields.leaveType'), cellClassName: 'font-medium', cell: (leave) => leave.leaveTypeName },
          {
            key: 'dates',
            header: t('leave.fields.dates'),
            cellClassName: 'whitespace-nowrap',
            cell: (leave) => t('leave.dateRange', { from: format.date(leave.from), to: format.date(leave.to) }),
          },
          { key: 'returnDate', header: t('leave.fields.returnDate'), className: 'hidden lg:table-cell', cell: (leave) => format.date(leave.returnDate) },
          { key: 'workingDays', header: t('leave.fields.workingDays'), cellClassName: 'tabular-nums', cell: (leave) => leave.workingDays },
          { key: 'status', header: t('leave.fields.status'), cell: (leave) => <LeaveStatusBadge status={leave.status} /> },
          { key: 'comment', header: t('leave.fields.comment'), cellClassName: 'whitespace-pre-line', cell: (leave) => leave.comment ?? '' },
        ]}
        actions={(leave) =>
          leave.status === 'pending' && can('leave.update') ? (
            <>
              <RowLink to={hrefOf(paths.personal.leaveEdit, { id: leave.id })} label={t('common.edit')} name={t('leave.mine.editNamed', named(leave))} />
              <RowButton danger onClick={() => setWithdrawing(leave)} label={t('leave.mine.withdraw')} name={t('leave.mine.withdrawNamed', named(leave))} />
            </>
          ) : null
        }
      />
      <Pagination
        page={page}
        total={leaves.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        summary={leaves.data ? t('leave.total', { count: leaves.data.total }) : null}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={withdrawing ? t('leave.mine.withdrawTitle', named(withdrawing)) : ''}
        confirmLabel={t('leave.mine.withdraw')}
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </div>
  );
}
