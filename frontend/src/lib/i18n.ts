import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '@/locales/en';

export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
/** Spec §4: Spanish by default, switchable to English. */
export const DEFAULT_LANGUAGE: Language = 'es';
const LANGUAGE_KEY = 'language';

function storedLanguage(): Language {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return languages.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;
}

/** Only the language in use is downloaded; the other one loads when the user switches. */
const loaders: Record<Language, () => Promise<Messages>> = {
  es: async () => (await import('@/locales/es')).es,
  en: async () => (await import('@/locales/en')).en,
};

export const i18n = i18next.createInstance();

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loaders[language]());
}

/** Loads the texts of the stored language and starts i18next; the app renders after it. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation: await loaders[language]() } },
    lng: language,
    fallbackLng: false,
    supportedLngs: languages,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  i18n.on('languageChanged', (changed) => {
    localStorage.setItem(LANGUAGE_KEY, changed);
    document.documentElement.lang = changed;
  });
  document.documentElement.lang = i18n.language;
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
}

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
