import { useTranslation } from 'react-i18next';
import { changeLanguage, languages, type Language } from '@/lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="flex items-center">
      <span className="sr-only">{t('common.language')}</span>
      <select
        className="select select-sm w-auto"
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
        data-testid="language-select"
      >
        {languages.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
