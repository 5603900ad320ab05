import type { Employee } from '@ams/contracts';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { keepFocusNear } from '@/lib/focus-return';
import { useNotify } from '@/lib/use-notify';
import { useArchiveEmployee } from '../api/archive-employee';
import { useRestoreEmployee } from '../api/restore-employee';

/**
 * Archive or restore, the same on the list and the details page: archiving asks first (saying that a linked user
 * account is left as it is) and its toast offers Undo (a restore); restoring needs no question. Focus stays on the
 * button, or goes to the page's heading when the row left the list.
 */
export function useArchiveOrRestore() {
  const { t } = useTranslation();
  const notify = useNotify();
  const archive = useArchiveEmployee();
  const restore = useRestoreEmployee();
  const [asking, setAsking] = useState<Employee | null>(null);
  const busy = archive.isPending || restore.isPending;

  const restoreNow = (employee: Employee, trigger: Element | null) => {
    keepFocusNear(trigger);
    restore.mutate(employee.id, { onSuccess: () => notify.success(t('employees.restored', { name: employee.fullName })), onError: notify.failure });
  };

  const confirmArchive = () => {
    if (!asking) return;
    const employee = asking;
    archive.mutate(employee.id, {
      onSuccess: () =>
        notify.success(t('employees.archived', { name: employee.fullName }), {
          label: t('common.undo'),
          run: () => restoreNow(employee, document.activeElement),
        }),
      onError: notify.failure,
      onSettled: () => setAsking(null),
    });
  };

  /** The row's (or the page's) Archive/Restore button. */
  const archiveOrRestore = (employee: Employee, event: MouseEvent<HTMLElement>) => {
    // Not disabled while busy: a disabled button would drop the focus it holds.
    if (busy) return;
    if (employee.employmentStatus === 'active') setAsking(employee);
    else restoreNow(employee, event.currentTarget);
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={t('employees.archiveTitle', { name: asking?.fullName ?? '' })}
      note={t('employees.archiveNote')}
      confirmLabel={t('employees.archive')}
      busy={archive.isPending}
      onConfirm={confirmArchive}
      onCancel={() => setAsking(null)}
    />
  );
  return { archiveOrRestore, busy, dialog };
}
