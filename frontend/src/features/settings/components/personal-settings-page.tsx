import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/theme/language-switch';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { PageHeader } from '@/components/ui/page-header';
import { themeAtom, themeSchemas, updateThemeAtom, type Mode } from '@/lib/theme';
import { MyPinForm } from './my-pin-form';
import { MyTimeFormat } from './my-time-format';

const modes: readonly Mode[] = ['light', 'dark'];

/** Spec §2 /personal/setting: the employee's own language, theme and kiosk PIN. Language and theme apply at once. */
export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const theme = useAtomValue(themeAtom);
  const update = useSetAtom(updateThemeAtom);
  return (
    <section>
      <PageHeader title={t('nav.mySetting')} />
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.personal.appearance')}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          <LanguageSwitch label={t('settings.personal.language')} layout="field" testId="my-language" />
          <ChoiceSelect
            label={t('settings.personal.mode')}
            layout="field"
            value={theme.mode}
            choices={modes}
            textOf={(mode) => t(`settings.personal.modes.${mode}`)}
            onChoose={(mode) => update({ mode })}
            testId="my-mode"
          />
          <ChoiceSelect
            label={t('settings.personal.colours')}
            layout="field"
            value={theme.themeSchema}
            choices={themeSchemas}
            textOf={(schema) => t(`theme.schemas.${schema || 'default'}`)}
            onChoose={(themeSchema) => update({ themeSchema })}
            testId="my-colours"
          />
        </div>
      </div>
      {/* h4: time-format preference */}
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('timeFormatPreference.title')}</h2>
        <MyTimeFormat />
      </div>
      <div className="bg-base-100 rounded-box flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.personal.pinTitle')}</h2>
        <MyPinForm />
      </div>
    </section>
  );
}
