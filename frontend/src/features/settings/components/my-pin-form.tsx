import { myPinChangeSchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { useChangeMyPin } from '../api/change-my-pin';
import { SubmitButton } from '@/components/ui/submit-button';

const fields = ['currentPin', 'pin'] as const;
const empty = { currentPin: '', pin: '' };

/** The employee's own kiosk PIN: the current one, then the new one (spec §5: 6 to 50 numeric digits). */
export function MyPinForm() {
  const { t } = useTranslation();
  const change = useChangeMyPin();
  const notify = useNotify();
  const form = useZodForm(myPinChangeSchema, empty, (body, controls) => {
    change.mutate(body, {
      onSuccess: () => {
        notify.success(translateKey('pinSaved'));
        controls.setValues(empty);
      },
      onError: (error) => {
        controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      },
    });
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-2" data-testid="my-pin-form">
      <p className="text-base-content/70 text-sm">{t('settings.personal.pinHint')}</p>
      {fields.map((name) => (
        <FormField
          key={name}
          label={t(`settings.personal.${name}`)}
          error={form.errors[name]}
          hint={name === 'pin' ? t('settings.personal.pinRule') : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              name={name}
              className="input w-full max-w-xs"
              value={form.values[name]}
              onChange={(event) => form.setField(name, event.target.value)}
            />
          )}
        </FormField>
      ))}
      <div>
        <SubmitButton pending={change.isPending}>{t('settings.personal.savePin')}</SubmitButton>
      </div>
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}
