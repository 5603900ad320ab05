import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '@/locales/en';
import { es } from '@/locales/es';

export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
/** Spec §4: Spanish by default, switchable to English. */
export const DEFAULT_LANGUAGE: Language = 'es';
const LANGUAGE_KEY = 'language';

function storedLanguage(): Language {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return languages.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

i18n.on('languageChanged', (language) => {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

/**
 * The English messages of the server and of the shared validation rules, shown in the current language.
 * A message we do not know is shown as it came.
 */
export function translateMessage(message: string): string {
  const table = i18n.t('messages', { returnObjects: true }) as Record<string, string>;
  const known = table[message];
  if (known) return known;
  const minutes = /^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/.exec(message);
  if (minutes) return i18n.t('auth.tooManyAttempts', { count: Number(minutes[1]) });
  return message;
}
