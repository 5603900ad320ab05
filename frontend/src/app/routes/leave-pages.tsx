import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { useLeave } from '@/features/leave/api/get-leave';
import { useMyLeave } from '@/features/leave/api/get-my-leave';
import { LeaveOverview } from '@/features/leave/components/leave-overview';
import { LeaveRequestForm } from '@/features/leave/components/leave-request-form';
import { LeaveReview } from '@/features/leave/components/leave-review';
import { MyLeaves } from '@/features/leave/components/my-leaves';

export function LeaveListPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./leave-list', { nsSeparator: false })} />
      <LeaveOverview />
    </section>
  );
}

export function LeaveEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const leave = useLeave(id);
  return (
    <section>
      <PageHeader title={t('pages./leave-edit/:id', { nsSeparator: false })} />
      {leave.data ? <LeaveReview leave={leave.data} /> : <QueryState query={leave} />}
    </section>
  );
}

export function MyLeavePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./personal/leave', { nsSeparator: false })} />
      <MyLeaves />
    </section>
  );
}

export function MyLeaveCreatePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./personal/leave-create', { nsSeparator: false })} />
      <LeaveRequestForm />
    </section>
  );
}

export function MyLeaveEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const leave = useMyLeave(id);
  return (
    <section>
      <PageHeader title={t('pages./personal/leave-edit/:id', { nsSeparator: false })} />
      {leave.data ? <LeaveRequestForm key={leave.data.id} leave={leave.data} /> : <QueryState query={leave} />}
    </section>
  );
}
