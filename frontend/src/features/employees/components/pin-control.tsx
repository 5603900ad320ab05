import { pinChangeSchema, type Employee } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { useNotify } from '@/lib/use-notify';
import { useRemovePin } from '../api/remove-pin';
import { useSetPin } from '../api/set-pin';

/** Set or remove the clock PIN (spec §5: 6 to 50 digits). */
export function PinControl({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSetPin();
  const remove = useRemovePin();
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm<{ pin: string }, { pin: string }>(pinChangeSchema, { pin: '' }, ({ pin }, controls) =>
    save.mutate(
      { id: employee.id, pin },
      {
        onSuccess: () => {
          notify.success(t('employees.pinSaved'));
          controls.setValues({ pin: '' });
        },
        onError: (error) => {
          if (error instanceof ApiError) controls.setErrors(serverFieldErrors(error.fieldErrors));
          notify.failure(error);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-2" data-testid="pin-form">
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={employee.hasPin ? t('employees.newPin') : t('employees.fields.pin')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          className="input w-48"
          {...form.field('pin')}
        />
        <button type="submit" className="btn btn-primary btn-sm mb-2" disabled={save.isPending}>
          {t('employees.setPin')}
        </button>
        {employee.hasPin ? (
          <button type="button" className="btn btn-ghost btn-sm text-error mb-2" onClick={() => setConfirming(true)}>
            {t('employees.removePin')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('employees.removePinTitle', { name: employee.fullName })}
        confirmLabel={t('employees.removePin')}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(employee.id, {
            onSuccess: () => notify.success(t('employees.pinRemoved')),
            onError: notify.failure,
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
