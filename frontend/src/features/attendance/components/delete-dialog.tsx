import { attendanceDeleteSchema, type Attendance, type StatedMessage } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { firstIssueOf } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useModalDialog } from '@/lib/use-modal-dialog';
import { useNotify } from '@/lib/use-notify';
import { useDateFormat } from '@/lib/use-date-format';
import { useDeleteAttendance } from '../api/delete-attendance';

/** Spec §8: a delete asks first ('This action cannot be undone.'); spec §5: with a reason ('Please write the reason'). */
export function DeleteDialog({ day, onClose }: { day: Attendance | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useDateFormat(day?.companyId);
  const ref = useModalDialog(day !== null);
  const notify = useNotify();
  const remove = useDeleteAttendance();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<StatedMessage | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const confirm = () => {
    if (!day) return;
    const parsed = attendanceDeleteSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(firstIssueOf(parsed.error));
      return;
    }
    remove.mutate(
      { id: day.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notify.success(t('common.deleted'));
          close();
        },
        onError: notify.failure,
      },
    );
  };

  return (
    <dialog ref={ref} className="modal" aria-labelledby="delete-attendance-title" onCancel={close}>
      <div className="modal-box">
        <h3 id="delete-attendance-title" className="text-lg font-bold">
          {day ? t('attendance.deleteTitle', { name: day.employeeName, date: format.date(day.workDate) }) : null}
        </h3>
        <p className="py-4">{translateKey('cannotBeUndone')}</p>
        <FormField label={t('attendance.fields.reason')} error={error}>
          {(control) => (
            <textarea
              {...control}
              name="reason"
              className="textarea w-full"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-error" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            {t('common.delete')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
