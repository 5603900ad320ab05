import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { changeLanguage, languages, type Language } from '@/lib/i18n';

interface LanguageSwitchProps {
  /** The bar's switch (its label for screen readers only) unless a form names it. */
  label?: string;
  layout?: 'bar' | 'field';
  testId?: string;
}

/** The app's language, applied at once. */
export function LanguageSwitch({ label, layout = 'bar', testId = 'language-select' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  return (
    <ChoiceSelect
      label={label ?? t('common.language')}
      layout={layout}
      value={i18n.language as Language}
      choices={languages}
      textOf={(language) => t(`languages.${language}`)}
      onChoose={(language) => void changeLanguage(language)}
      testId={testId}
    />
  );
}
