import { messageCatalogue, type MessageKey, type MessageText } from './message-catalogue.ts';

export type MessageLanguage = 'en' | 'es';
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message as it travels: its key and parameters (problem answers carry these beside the English text). */
export interface KeyedMessage {
  messageKey: MessageKey;
  params?: MessageParams;
}

const catalogue: Record<string, { en: MessageText; es: MessageText } | undefined> = messageCatalogue;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messageCatalogue, value);
}

function formOf(text: MessageText, language: MessageLanguage, params: MessageParams): string {
  if (typeof text === 'string') return text;
  return new Intl.PluralRules(language).select(Number(params['count'])) === 'one' ? text.one : text.other;
}

/** The message in a language with its `{name}` placeholders filled (an unknown one stays as written). */
export function formatMessage(key: MessageKey, params: MessageParams = {}, language: MessageLanguage = 'en'): string {
  const text = formOf(messageCatalogue[key][language], language, params);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The names of a text's placeholders, sorted (the catalogue test compares English and Spanish). */
export function placeholdersOf(text: MessageText): string[] {
  const forms = typeof text === 'string' ? [text] : [text.one, text.other];
  return [...new Set(forms.flatMap((form) => [...form.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')))].sort();
}

const keyOfEnglish = new Map<string, MessageKey>(
  Object.entries(catalogue).flatMap(([key, entry]) => (entry && typeof entry.en === 'string' ? [[entry.en, key as MessageKey]] : [])),
);

/**
 * The key of a fixed English text. Only for validation issues: zod schemas state their messages in English,
 * so their issues are keyed by text in this one place.
 */
export function messageKeyOf(englishText: string): MessageKey | undefined {
  return keyOfEnglish.get(englishText);
}
