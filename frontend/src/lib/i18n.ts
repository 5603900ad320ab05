import type { MessageKey, MessageParams, StatedMessage } from '@ams/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '@/locales/en';
import type { PageMessages } from '@/locales/en-pages';
import { catalogueIn } from './message-resources';

export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
/** Spec §4: Spanish by default, switchable to English. */
export const DEFAULT_LANGUAGE: Language = 'es';
const LANGUAGE_KEY = 'language';

function storedLanguage(): Language {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return languages.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;
}

type Resources = Messages & { messages: Record<string, string> };

/**
 * Only the language in use is downloaded; the other one loads when the user switches. The shell's texts
 * (sign-in, layouts, admin dashboard) come first; the pages' texts load with the first page that needs them,
 * so the first load stays small (bench/frontend.ts). Messages come from the catalogue.
 */
const shellLoaders: Record<Language, () => Promise<Resources>> = {
  es: async () => ({ ...(await import('@/locales/es')).es, messages: catalogueIn('es') }),
  en: async () => ({ ...(await import('@/locales/en')).en, messages: catalogueIn('en') }),
};
const pageLoaders: Record<Language, () => Promise<PageMessages>> = {
  es: async () => (await import('@/locales/es-pages')).esPages,
  en: async () => (await import('@/locales/en-pages')).enPages,
};

export const i18n = i18next.createInstance();

/** Whether a page has needed the pages' texts: a language switch then loads them too. */
let pagesWanted = false;
const loadedPages = new Set<Language>();

async function ensurePages(language: Language): Promise<void> {
  if (loadedPages.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await pageLoaders[language](), true, false);
  loadedPages.add(language);
}

async function ensureLoaded(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', await shellLoaders[language]());
  if (pagesWanted) await ensurePages(language);
}

/** Loads the pages' texts in the current language (before a page other than sign-in and the admin dashboard renders). */
export async function loadPageTexts(): Promise<void> {
  pagesWanted = true;
  await ensurePages(i18n.language as Language);
}

/** Loads the texts of the stored language and starts i18next; the app renders after it. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation: await shellLoaders[language]() } },
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

/** A catalogue message in the current language. */
export function translateKey(key: MessageKey, params: MessageParams = {}): string {
  return i18n.t(`messages.${key}`, params);
}

/** What a failure carries (a field's refusal too): the key and parameters when it has them, else its English text. */
export type KeyedFailure = StatedMessage;

/** A failure's message (or a field's) in the current language, by its key; without one, its English text as it came. */
export function translateProblem(failure: KeyedFailure): string {
  return failure.messageKey ? translateKey(failure.messageKey, failure.params) : failure.message;
}

/**
 * What the UI says about any failure: an API failure's message (by key, else the server's own text); anything
 * else (a bug, an answer that did not match its schema) only spec §8's 'Something went wrong!', never its internals.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'ApiError' && error.message) return translateProblem(error as KeyedFailure & Error);
  return translateKey('somethingWentWrong');
}
