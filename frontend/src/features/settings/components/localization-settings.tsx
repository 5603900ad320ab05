import { timeFormats, type settingsUpdateSchema } from '@ams/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useZodForm } from '@/lib/form';
import { SettingsFormFooter, ScopedSettings, useSaveSettings, useScopedSettingsSchema, type ScopedSettingsFormProps } from './scoped-settings';

interface Values extends Record<string, unknown> {
  country: string;
  timezone: string;
  timeFormat: string;
  ipRestriction: string;
}

const withNumericTimeFormat = (values: Record<string, unknown>) => ({ ...values, timeFormat: Number(values['timeFormat']) });

/** Every IANA zone the browser knows, and the saved one even if it does not. */
function useTimezones(current: string): string[] {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes(current) ? zones : [current, ...zones];
  }, [current]);
}

function LocalizationForm({ settings, target, readOnly }: ScopedSettingsFormProps) {
  const { t } = useTranslation();
  const save = useSaveSettings<Values>();
  const timezones = useTimezones(settings.timezone);
  const schema = useScopedSettingsSchema(target, withNumericTimeFormat);
  const form = useZodForm<Values, z.output<typeof settingsUpdateSchema>>(
    schema,
    {
      country: settings.country,
      timezone: settings.timezone,
      timeFormat: String(settings.timeFormat),
      ipRestriction: settings.ipRestriction,
    },
    save.submit,
  );
  const { values, errors, setField } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-x-6 gap-y-1 md:grid-cols-2" data-testid="localization-form">
      <FormField label={t('settings.country')} error={errors.country}>
        {(control) => (
          <input
            {...control}
            name="country"
            className="input w-full"
            disabled={readOnly}
            value={values.country}
            onChange={(event) => setField('country', event.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('settings.timezone')} error={errors.timezone}>
        {(control) => (
          <select
            {...control}
            name="timezone"
            className="select w-full"
            disabled={readOnly}
            value={values.timezone}
            onChange={(event) => setField('timezone', event.target.value)}
          >
            {timezones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('settings.timeFormat')} error={errors.timeFormat}>
        {(control) => (
          <select
            {...control}
            name="timeFormat"
            className="select w-full"
            disabled={readOnly}
            value={values.timeFormat}
            onChange={(event) => setField('timeFormat', event.target.value)}
          >
            {timeFormats.map((format) => (
              <option key={format} value={String(format)}>
                {t(`settings.timeFormats.${format}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('settings.ipRestriction')} error={errors.ipRestriction} hint={t('settings.ipRestrictionHint')}>
        {(control) => (
          <input
            {...control}
            name="ipRestriction"
            className="input w-full"
            placeholder="10.0.0.0/8, 192.168.1.20"
            disabled={readOnly}
            value={values.ipRestriction}
            onChange={(event) => setField('ipRestriction', event.target.value)}
          />
        )}
      </FormField>
      <SettingsFormFooter readOnly={readOnly} pending={save.pending} dirty={form.dirty} />
    </form>
  );
}

/** Spec §3 settings: country, time zone, time format and the clock's address list (the switches are optional features). */
export function LocalizationSettings() {
  return <ScopedSettings scopeTestId="settings-scope" form={(props) => <LocalizationForm {...props} />} />;
}
