import { leaveDecisionSchema, type Leave, type LeaveDecision, type StatedMessage } from '@ams/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable } from '@/components/ui/data-table';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { firstIssueOf } from '@/lib/form';
import type { DateFormat } from '@/lib/date-format';
import { useDateFormat } from '@/lib/use-date-format';
import { useNotify } from '@/lib/use-notify';
import { useDecideLeave } from '../api/decide-leave';
import { useLeaves } from '../api/get-leaves';
import { LeaveStatusBadge } from './leave-status-badge';

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="label text-sm">{label}</dt>
      <dd className="font-medium break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** The request as the employee made it. */
export function LeaveDetails({ leave, format }: { leave: Leave; format: DateFormat }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="leave-details">
      <Detail label={t('leave.fields.employee')}>{leave.employeeName}</Detail>
      <Detail label={t('leave.fields.leaveType')}>{leave.leaveTypeName}</Detail>
      <Detail label={t('leave.fields.from')}>{format.date(leave.from)}</Detail>
      <Detail label={t('leave.fields.to')}>{format.date(leave.to)}</Detail>
      <Detail label={t('leave.fields.returnDate')}>{format.date(leave.returnDate)}</Detail>
      <Detail label={t('leave.fields.workingDays')}>
        <span data-testid="leave-working-days">{leave.workingDays}</span>
      </Detail>
      <Detail label={t('leave.fields.status')}>
        <LeaveStatusBadge status={leave.status} />
      </Detail>
      <Detail label={t('leave.fields.requestedAt')}>{format.dateTime(leave.createdAt)}</Detail>
      <Detail label={t('leave.fields.reason')} wide>
        {leave.reason}
      </Detail>
    </dl>
  );
}

/** The approved leave of the employee's department that shares a day with the request (theirs left out). */
function OverlappingLeave({ leave, format }: { leave: Leave; format: DateFormat }) {
  const { t } = useTranslation();
  const departmentId = leave.departmentId ?? undefined;
  const overlapping = useLeaves(
    { departmentId, companyId: leave.companyId, status: 'approved', from: leave.from, to: leave.to, page: 1, pageSize: 100 },
    departmentId !== undefined,
  );
  const others = (overlapping.data?.items ?? []).filter((other) => other.id !== leave.id);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="overlapping-title" data-testid="overlapping-leave">
      <h2 id="overlapping-title" className="text-lg font-semibold">
        {t('leave.overlapping')}
      </h2>
      {departmentId === undefined ? null : <QueryState query={overlapping} />}
      {departmentId === undefined || overlapping.data ? (
        <DataTable
          label={t('leave.overlapping')}
          size="sm"
          framed={false}
          rows={others}
          rowKey={(other) => other.id}
          emptyText={t('leave.noOverlapping')}
          columns={[
            { key: 'employee', header: t('leave.fields.employee'), cellClassName: 'font-medium', cell: (other) => other.employeeName },
            { key: 'type', header: t('leave.fields.leaveType'), cell: (other) => other.leaveTypeName },
            {
              key: 'dates',
              header: t('leave.fields.dates'),
              cellClassName: 'whitespace-nowrap',
              cell: (other) => t('leave.dateRange', { from: format.date(other.from), to: format.date(other.to) }),
            },
          ]}
        />
      ) : null}
    </section>
  );
}

/** Approve or decline a pending request, with an optional comment the employee will see. */
function DecisionForm({ leave }: { leave: Leave }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const decide = useDecideLeave();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<StatedMessage | undefined>();

  const submit = (status: LeaveDecision['status']) => {
    const parsed = leaveDecisionSchema.safeParse({ status, comment });
    if (!parsed.success) {
      setError(firstIssueOf(parsed.error));
      return;
    }
    decide.mutate(
      { id: leave.id, body: parsed.data },
      {
        onSuccess: () => {
          notify.success(t(status === 'approved' ? 'leave.approved' : 'leave.declined'));
          void navigate(paths.leaveList);
        },
        onError: (failure) => {
          setError(failure);
          notify.failure(failure);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-2" data-testid="leave-decision">
      <FormField label={t('leave.fields.comment')} hint={t('leave.commentHint')} error={error}>
        {(control) => (
          <textarea
            {...control}
            name="comment"
            className="textarea w-full"
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2 pt-2">
        <button type="button" className="btn btn-neutral" disabled={decide.isPending} onClick={() => submit('approved')} data-testid="approve-leave">
          {t('leave.approve')}
        </button>
        <button type="button" className="btn btn-outline btn-error" disabled={decide.isPending} onClick={() => submit('declined')} data-testid="decline-leave">
          {t('leave.decline')}
        </button>
        <Link to={paths.leaveList} className="btn">
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** A decided request is read-only: what was decided, when, and the comment. */
function DecisionSummary({ leave, format }: { leave: Leave; format: DateFormat }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2" data-testid="leave-decided">
      <p>
        <LeaveStatusBadge status={leave.status} />{' '}
        {leave.decidedAt ? t('leave.decidedOn', { status: t(`leave.statuses.${leave.status}`), date: format.dateTime(leave.decidedAt) }) : null}
      </p>
      <div>
        <span className="label text-sm">{t('leave.fields.comment')}</span>
        <p className="whitespace-pre-line" data-testid="leave-comment">
          {leave.comment ?? t('leave.noComment')}
        </p>
      </div>
      <div className="pt-2">
        <Link to={paths.leaveList} className="btn">
          {t('leave.backToList')}
        </Link>
      </div>
    </div>
  );
}

/** Spec §2 /leave-edit/{id}: the request, who else in the department is off then, and the decision. */
export function LeaveReview({ leave }: { leave: Leave }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const format = useDateFormat(leave.companyId);
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div className="bg-base-100 rounded-box p-6">
        <LeaveDetails leave={leave} format={format} />
      </div>
      <div className="bg-base-100 rounded-box p-6">
        <OverlappingLeave leave={leave} format={format} />
      </div>
      <section className="bg-base-100 rounded-box p-6" aria-labelledby="decision-title">
        <h2 id="decision-title" className="mb-3 text-lg font-semibold">
          {t('leave.decision')}
        </h2>
        {leave.status === 'pending' && can('leave.update') ? <DecisionForm leave={leave} /> : <DecisionSummary leave={leave} format={format} />}
      </section>
    </div>
  );
}
