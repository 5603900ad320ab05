import { settingsUpdateSchema, timeFormats, type Settings } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/states';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useAuthorization } from '@/lib/authorization';
import { useNotify } from '@/lib/use-notify';
import { useSettings } from '@/lib/settings-query';
import { useUpdateSettings } from '../api/update-settings';
import { CompanyScopeSelect } from './company-scope-select';

interface Values extends Record<string, unknown> {
  country: string;
  timezone: string;
  timeFormat: string;
  rfidClock: boolean;
  ipRestriction: string;
  faceAtUnregisteredBrowsers: boolean;
  peopleChooseTimeFormat: boolean;
}

type Toggle = 'rfidClock' | 'faceAtUnregisteredBrowsers' | 'peopleChooseTimeFormat';

/** Every IANA zone the browser knows, and the saved one even if it does not. */
function useTimezones(current: string): string[] {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes(current) ? zones : [current, ...zones];
  }, [current]);
}

interface FormProps {
  settings: Settings;
  /** Whose settings: a company, the organisation's defaults (null), or, for an Admin, left to the server (undefined). */
  target: string | null | undefined;
  readOnly: boolean;
}

function LocalizationForm({ settings, target, readOnly }: FormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useUpdateSettings();
  const timezones = useTimezones(settings.timezone);
  const schema = useMemo(
    () =>
      z.preprocess((input) => {
        const values = input as Values;
        return { ...values, timeFormat: Number(values.timeFormat), ...(target === undefined ? {} : { companyId: target }) };
      }, settingsUpdateSchema),
    [target],
  );
  const form = useZodForm<Values, z.output<typeof settingsUpdateSchema>>(
    schema,
    {
      country: settings.country,
      timezone: settings.timezone,
      timeFormat: String(settings.timeFormat),
      rfidClock: settings.rfidClock,
      ipRestriction: settings.ipRestriction,
      faceAtUnregisteredBrowsers: settings.faceAtUnregisteredBrowsers,
      peopleChooseTimeFormat: settings.peopleChooseTimeFormat,
    },
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
          ['rfidClock', 'settings.rfidClock', 'settings.rfidClockHint'],
          ['faceAtUnregisteredBrowsers', 'settings.faceAtUnregisteredBrowsers', 'settings.faceAtUnregisteredBrowsersWarning'],
          ['peopleChooseTimeFormat', 'timeFormatPreference.orgToggle', 'timeFormatPreference.orgToggleHint'],
        ] as const satisfies readonly (readonly [Toggle, string, string])[]
      ).map(([name, label, hint]) => (
        <label key={name} className="flex cursor-pointer items-start justify-between gap-4 py-3 md:col-span-2">
          <span>
            <span className="block font-medium">{t(label)}</span>
            <span className="text-base-content/70 block text-sm">{t(hint)}</span>
          </span>
          <input
            type="checkbox"
            name={name}
            className="toggle toggle-primary mt-1"
            disabled={readOnly}
            checked={values[name]}
            onChange={(event) => setField(name, event.target.checked)}
          />
        </label>
      ))}
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

/** Spec §3 settings: a SuperAdmin edits the organisation's defaults or a company's; an Admin its company's. */
export function LocalizationSettings() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const user = useAtomValue(currentUserAtom);
  const superAdmin = user?.account_type === 'SuperAdmin';
  const [companyId, setCompanyId] = useState('');
  const settings = useSettings(companyId || null);
  const target = superAdmin ? companyId || null : undefined;
  const followsDefaults = settings.data !== undefined && settings.data.companyId !== null && !settings.data.customised;

  return (
    <div className="flex flex-col gap-3">
      {superAdmin ? (
        <CompanyScopeSelect label={t('settings.scope')} noCompanyLabel={t('settings.organisationDefaults')} value={companyId} onChange={setCompanyId} testId="settings-scope" />
      ) : null}
      {followsDefaults ? <p className="text-base-content/70 text-sm">{t('settings.followsDefaults')}</p> : null}
      <QueryState query={settings} />
      {settings.data ? (
        <LocalizationForm key={`${companyId}:${settings.data.updatedAt ?? ''}`} settings={settings.data} target={target} readOnly={!can('setting.update')} />
      ) : null}
    </div>
  );
}
