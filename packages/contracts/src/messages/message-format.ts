import { messageCatalogue, type MessageKey, type MessageText } from './message-catalogue.ts';

export type MessageLanguage = 'en' | 'es';
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message as it travels: its key and parameters (problem answers carry these beside the English text). */
export interface KeyedMessage {
  messageKey: MessageKey;
  params?: MessageParams;
}

/** A message as shown: its English text, with its key and parameters when it is a catalogue message. */
export interface StatedMessage {
  message: string;
  messageKey?: MessageKey | undefined;
  params?: MessageParams | undefined;
}

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

/**
 * A validation rule's message, by key: the zod issue carries the key itself, and whoever shows the issue
 * (the services' problem answers, the SPA's forms) writes its text from the catalogue.
 */
export function message(key: MessageKey): MessageKey {
  return key;
}

/**
 * A zod issue's message as a problem carries it: the catalogue's English text with its key (and the parameters a
 * custom issue brings), or zod's own text for a rule that states none.
 */
export function issueMessage(issue: { message: string; params?: unknown }): StatedMessage {
  if (!isMessageKey(issue.message)) return { message: issue.message };
  const params = isMessageParams(issue.params) ? issue.params : undefined;
  return { message: formatMessage(issue.message, params), messageKey: issue.message, ...(params ? { params } : {}) };
}

export function isMessageParams(value: unknown): value is MessageParams {
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string' || typeof entry === 'number');
}
