import type { settingsUpdateSchema } from '@ams/contracts';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/states';
import { useAuthorization } from '@/lib/authorization';
import { useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useSignUpStatus } from '@/lib/sign-up-status';
import { useNotify } from '@/lib/use-notify';
import { useUpdateSignUpSetting } from '../api/update-sign-up-setting';
import { SettingsSwitch } from './settings-form-parts';
import { SettingsFormFooter, ScopedSettings, useSaveSettings, useScopedSettingsSchema, type ScopedSettingsFormProps } from './scoped-settings';

/** Self sign-up is the organisation's (identity keeps it): a SuperAdmin switches it, saved at once. */
function SelfSignUpSwitch() {
  const { t } = useTranslation();
  const { user } = useAuthorization();
  const notify = useNotify();
  const status = useSignUpStatus();
  const update = useUpdateSignUpSetting();
  const superAdmin = user?.account_type === 'SuperAdmin';
  return (
    <>
      <QueryState query={status} />
      {status.data ? (
        <SettingsSwitch
          name="selfSignUp"
          label={t('settings.selfSignUp')}
          hint={superAdmin ? t('settings.selfSignUpHint') : `${t('settings.selfSignUpHint')} ${t('settings.selfSignUpOnlySuperAdmin')}`}
          checked={status.data.enabled}
          disabled={!superAdmin || update.isPending}
          testId="self-sign-up"
          onChange={(enabled) => update.mutate(enabled, { onSuccess: () => notify.success(translateKey('settingsSaved')), onError: notify.failure })}
        />
      ) : null}
    </>
  );
}

interface Values extends Record<string, unknown> {
  rfidClock: boolean;
  pinAfterCard: boolean;
  faceAtUnregisteredBrowsers: boolean;
  peopleChooseTimeFormat: boolean;
}

const switches = [
  ['rfidClock', 'settings.rfidClock', 'settings.rfidClockHint'],
  ['pinAfterCard', 'settings.optionalFeatures.pinAfterCard', 'settings.optionalFeatures.pinAfterCardHint'],
  ['faceAtUnregisteredBrowsers', 'settings.faceAtUnregisteredBrowsers', 'settings.faceAtUnregisteredBrowsersWarning'],
  ['peopleChooseTimeFormat', 'timeFormatPreference.orgToggle', 'timeFormatPreference.orgToggleHint'],
] as const satisfies readonly (readonly [keyof Values, string, string])[];

function CompanyFeaturesForm({ settings, target, readOnly }: ScopedSettingsFormProps) {
  const { t } = useTranslation();
  const save = useSaveSettings<Values>();
  const schema = useScopedSettingsSchema(target);
  const form = useZodForm<Values, z.output<typeof settingsUpdateSchema>>(
    schema,
    {
      rfidClock: settings.rfidClock,
      pinAfterCard: settings.pinAfterCard,
      faceAtUnregisteredBrowsers: settings.faceAtUnregisteredBrowsers,
      peopleChooseTimeFormat: settings.peopleChooseTimeFormat,
    },
    save.submit,
  );
  const { values, setField } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col" data-testid="optional-features-form">
      {switches.map(([name, label, hint]) => (
        <SettingsSwitch
          key={name}
          name={name}
          label={t(label)}
          hint={t(hint)}
          checked={values[name]}
          // The PIN after a card means something only while the company takes cards.
          disabled={readOnly || (name === 'pinAfterCard' && !values.rfidClock)}
          onChange={(checked) => setField(name, checked)}
        />
      ))}
      <SettingsFormFooter readOnly={readOnly} pending={save.pending} dirty={form.dirty} />
    </form>
  );
}

/** Issue 19: the switches a company can turn on, each with a line on what it does. */
export function OptionalFeatures() {
  return (
    <div className="flex flex-col gap-3">
      <SelfSignUpSwitch />
      <div className="divider my-0" />
      <ScopedSettings scopeTestId="optional-features-scope" form={(props) => <CompanyFeaturesForm {...props} />} />
    </div>
  );
}
