import { settingsUpdateSchema, timeFormats } from '@ams/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { ScopedSettings, type ScopedFormProps } from './scoped-settings';
import { SaveSettingsButton, SettingsToggle, useSettingsForm } from './settings-form-parts';

interface Values extends Record<string, unknown> {
  country: string;
  timezone: string;
  timeFormat: string;
  rfidClock: boolean;
  ipRestriction: string;
  faceAtUnregisteredBrowsers: boolean;
}

type Toggle = 'rfidClock' | 'faceAtUnregisteredBrowsers';

/** Every IANA zone the browser knows, and the saved one even if it does not. */
function useTimezones(current: string): string[] {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes(current) ? zones : [current, ...zones];
  }, [current]);
}

function LocalizationForm({ settings, target, readOnly }: ScopedFormProps) {
  const { t } = useTranslation();
  const timezones = useTimezones(settings.timezone);
  const schema = useMemo(
    () =>
      z.preprocess((input) => {
        const values = input as Values;
        return { ...values, timeFormat: Number(values.timeFormat), ...(target === undefined ? {} : { companyId: target }) };
      }, settingsUpdateSchema),
    [target],
  );
  const { form, saving } = useSettingsForm<Values, z.output<typeof settingsUpdateSchema>>(schema, {
      country: settings.country,
      timezone: settings.timezone,
      timeFormat: String(settings.timeFormat),
      rfidClock: settings.rfidClock,
      ipRestriction: settings.ipRestriction,
      faceAtUnregisteredBrowsers: settings.faceAtUnregisteredBrowsers,
    });
  const { values, errors, setField } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-x-6 gap-y-1 md:grid-cols-2" data-testid="localization-form">
      <FormField label={t('settings.country')} error={errors.country}>
        {(control) => (
          <input {...control} name="country" className="input w-full" disabled={readOnly} value={values.country} onChange={(event) => setField('country', event.target.value)} />
        )}
      </FormField>
      <FormField label={t('settings.timezone')} error={errors.timezone}>
        {(control) => (
          <select {...control} name="timezone" className="select w-full" disabled={readOnly} value={values.timezone} onChange={(event) => setField('timezone', event.target.value)}>
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
          <select {...control} name="timeFormat" className="select w-full" disabled={readOnly} value={values.timeFormat} onChange={(event) => setField('timeFormat', event.target.value)}>
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
      {(
        [
          ['rfidClock', 'settings.rfidClockHint'],
          ['faceAtUnregisteredBrowsers', 'settings.faceAtUnregisteredBrowsersWarning'],
        ] as const satisfies readonly (readonly [Toggle, string])[]
      ).map(([name, hint]) => (
        <SettingsToggle
          key={name}
          name={name}
          label={t(`settings.${name}`)}
          hint={t(hint)}
          disabled={readOnly}
          checked={values[name]}
          onChange={(checked) => setField(name, checked)}
        />
      ))}
      <SaveSettingsButton readOnly={readOnly} pending={saving} />
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}

/** Spec §3 settings: a SuperAdmin edits the organisation's defaults or a company's; an Admin its company's. */
export function LocalizationSettings() {
  return <ScopedSettings scopeTestId="settings-scope">{(props) => <LocalizationForm {...props} />}</ScopedSettings>;
}
