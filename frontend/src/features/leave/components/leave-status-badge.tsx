import type { LeaveStatus } from '@ams/contracts';
import { useTranslation } from 'react-i18next';

const statusClasses: Record<LeaveStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  declined: 'badge-error',
};

/** Spec §3 leave status: pending, approved or declined, in words and colour. */
export function LeaveStatusBadge({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge-soft whitespace-nowrap ${statusClasses[status]}`}>{t(`leave.statuses.${status}`)}</span>;
}
