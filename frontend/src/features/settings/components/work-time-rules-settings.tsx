import { MAX_LATE_GRACE_MINUTES, MAX_OVERTIME_MINIMUM_MINUTES, settingsUpdateSchema } from '@ams/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { useUpdateSettings } from '../api/update-settings';
import { ScopedSettings, type ScopedFormProps } from './scoped-settings';

interface Values extends Record<string, unknown> {
  lateGraceMinutes: string;
  overtimeBeforeShift: boolean;
  overtimeMinimumMinutes: string;
}

/** A typed number of minutes; an empty field is no number (the schema says what it must be), not 0. */
const minutesOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Only the three rules are sent: the other settings stay as they are. */
const rulesSchema = settingsUpdateSchema.pick({ lateGraceMinutes: true, overtimeBeforeShift: true, overtimeMinimumMinutes: true, companyId: true });

function WorkTimeRulesForm({ settings, target, readOnly }: ScopedFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useUpdateSettings();
  const schema = useMemo(
    () =>
      z.preprocess((input) => {
        const values = input as Values;
        return {
          lateGraceMinutes: minutesOf(values.lateGraceMinutes),
          overtimeBeforeShift: values.overtimeBeforeShift,
          overtimeMinimumMinutes: minutesOf(values.overtimeMinimumMinutes),
          ...(target === undefined ? {} : { companyId: target }),
        };
      }, rulesSchema.required({ lateGraceMinutes: true, overtimeBeforeShift: true, overtimeMinimumMinutes: true })),
    [target],
  );
  const form = useZodForm<Values, z.output<typeof rulesSchema>>(
    schema,
    { lateGraceMinutes: String(settings.lateGraceMinutes), overtimeBeforeShift: settings.overtimeBeforeShift, overtimeMinimumMinutes: String(settings.overtimeMinimumMinutes) },
    (body, controls) =>
      save.mutate(body, {
        onSuccess: () => notify.success(translateKey('settingsSaved')),
        onError: (error) => {
          controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
          notify.failure(error);
        },
      }),
  );
  const { values, errors, setField } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-x-6 gap-y-1 md:grid-cols-2" data-testid="work-time-rules-form">
      <FormField label={t('settings.rules.lateGraceMinutes')} error={errors.lateGraceMinutes} hint={t('settings.rules.lateGraceMinutesHint', { max: MAX_LATE_GRACE_MINUTES })}>
        {(control) => (
          <input
            {...control}
            name="lateGraceMinutes"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_LATE_GRACE_MINUTES}
            step={1}
            className="input w-full"
            disabled={readOnly}
            value={values.lateGraceMinutes}
            onChange={(event) => setField('lateGraceMinutes', event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label={t('settings.rules.overtimeMinimumMinutes')}
        error={errors.overtimeMinimumMinutes}
        hint={t('settings.rules.overtimeMinimumMinutesHint', { max: MAX_OVERTIME_MINIMUM_MINUTES })}
      >
        {(control) => (
          <input
            {...control}
            name="overtimeMinimumMinutes"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_OVERTIME_MINIMUM_MINUTES}
            step={1}
            className="input w-full"
            disabled={readOnly}
            value={values.overtimeMinimumMinutes}
            onChange={(event) => setField('overtimeMinimumMinutes', event.target.value)}
          />
        )}
      </FormField>
      <label className="flex cursor-pointer items-start justify-between gap-4 py-3 md:col-span-2">
        <span>
          <span className="block font-medium">{t('settings.rules.overtimeBeforeShift')}</span>
          <span className="text-base-content/70 block text-sm">{t('settings.rules.overtimeBeforeShiftHint')}</span>
        </span>
        <input
          type="checkbox"
          name="overtimeBeforeShift"
          className="toggle toggle-primary mt-1"
          disabled={readOnly}
          checked={values.overtimeBeforeShift}
          onChange={(event) => setField('overtimeBeforeShift', event.target.checked)}
        />
      </label>
      {readOnly ? null : (
        <div className="pt-2 md:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {t('common.save')}
          </button>
        </div>
      )}
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}

/** The company's lateness and overtime rules, which the reports' figures follow (a change recomputes them). */
export function WorkTimeRulesSettings() {
  return <ScopedSettings scopeTestId="work-time-rules-scope">{(props) => <WorkTimeRulesForm {...props} />}</ScopedSettings>;
}
