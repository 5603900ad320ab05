import { MAX_LATE_GRACE_MINUTES, MAX_OVERTIME_MINIMUM_MINUTES, type settingsUpdateSchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useZodForm } from '@/lib/form';
import { SettingsFormFooter, ScopedSettings, useSaveSettings, useScopedSettingsSchema, type ScopedSettingsFormProps } from './scoped-settings';
import { SettingsSwitch } from './settings-form-parts';

interface Values extends Record<string, unknown> {
  lateGraceMinutes: string;
  overtimeBeforeShift: boolean;
  overtimeMinimumMinutes: string;
}

/** A typed number of minutes; an empty field is no number (the schema says what it must be), not 0. */
const minutesOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Only the three rules are sent (the other settings stay as they are), typed minutes as numbers. */
function rulesOf(input: Record<string, unknown>): Record<string, unknown> {
  const values = input as Values;
  return {
    lateGraceMinutes: minutesOf(values.lateGraceMinutes),
    overtimeBeforeShift: values.overtimeBeforeShift,
    overtimeMinimumMinutes: minutesOf(values.overtimeMinimumMinutes),
  };
}

function WorkTimeRulesForm({ settings, target, readOnly }: ScopedSettingsFormProps) {
  const { t } = useTranslation();
  const save = useSaveSettings<Values>();
  const schema = useScopedSettingsSchema(target, rulesOf);
  const form = useZodForm<Values, z.output<typeof settingsUpdateSchema>>(
    schema,
    {
      lateGraceMinutes: String(settings.lateGraceMinutes),
      overtimeBeforeShift: settings.overtimeBeforeShift,
      overtimeMinimumMinutes: String(settings.overtimeMinimumMinutes),
    },
    save.submit,
  );
  const { values, errors, setField } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-x-6 gap-y-1 md:grid-cols-2" data-testid="work-time-rules-form">
      {(
        [
          ['lateGraceMinutes', MAX_LATE_GRACE_MINUTES],
          ['overtimeMinimumMinutes', MAX_OVERTIME_MINIMUM_MINUTES],
        ] as const
      ).map(([name, max]) => (
        <FormField key={name} label={t(`settings.rules.${name}`)} error={errors[name]} hint={t(`settings.rules.${name}Hint`, { max })}>
          {(control) => (
            <input
              {...control}
              name={name}
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={1}
              className="input w-full"
              disabled={readOnly}
              value={values[name]}
              onChange={(event) => setField(name, event.target.value)}
            />
          )}
        </FormField>
      ))}
      <div className="md:col-span-2">
        <SettingsSwitch
          name="overtimeBeforeShift"
          label={t('settings.rules.overtimeBeforeShift')}
          hint={t('settings.rules.overtimeBeforeShiftHint')}
          disabled={readOnly}
          checked={values.overtimeBeforeShift}
          onChange={(checked) => setField('overtimeBeforeShift', checked)}
        />
      </div>
      <SettingsFormFooter readOnly={readOnly} pending={save.pending} dirty={form.dirty} />
    </form>
  );
}

/** The company's lateness and overtime rules, which the reports' figures follow (a change recomputes them). */
export function WorkTimeRulesSettings() {
  return <ScopedSettings scopeTestId="work-time-rules-scope" form={(props) => <WorkTimeRulesForm {...props} />} />;
}
