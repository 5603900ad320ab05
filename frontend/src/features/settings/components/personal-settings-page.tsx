import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { changeLanguage, languages, type Language } from '@/lib/i18n';
import { themeAtom, themeSchemas, updateThemeAtom, type Mode, type ThemeSchema } from '@/lib/theme';
import { MyPinForm } from './my-pin-form';
import { MyTimeFormat } from './my-time-format';

const modes: readonly Mode[] = ['light', 'dark'];

/** Spec §2 /personal/setting: the employee's own language, theme and kiosk PIN. Language and theme apply at once. */
export function PersonalSettingsPage() {
  const { t, i18n } = useTranslation();
  const theme = useAtomValue(themeAtom);
  const update = useSetAtom(updateThemeAtom);
  return (
    <section>
      <PageHeader title={t('nav.mySetting')} />
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.personal.appearance')}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          <label className="fieldset">
            <span className="fieldset-legend text-sm font-medium">{t('settings.personal.language')}</span>
            <select
              className="select w-full"
              value={i18n.language}
              data-testid="my-language"
              onChange={(event) => void changeLanguage(event.target.value as Language)}
            >
              {languages.map((language) => (
                <option key={language} value={language}>
                  {t(`languages.${language}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset">
            <span className="fieldset-legend text-sm font-medium">{t('settings.personal.mode')}</span>
            <select className="select w-full" value={theme.mode} data-testid="my-mode" onChange={(event) => update({ mode: event.target.value as Mode })}>
              {modes.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`settings.personal.modes.${mode}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset">
            <span className="fieldset-legend text-sm font-medium">{t('settings.personal.colours')}</span>
            <select
              className="select w-full"
              value={theme.themeSchema}
              data-testid="my-colours"
              onChange={(event) => update({ themeSchema: event.target.value as ThemeSchema })}
            >
              {themeSchemas.map((schema) => (
                <option key={schema || 'default'} value={schema}>
                  {t(`theme.schemas.${schema || 'default'}`)}
                </option>
              ))}
            </select>
          </label>
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
