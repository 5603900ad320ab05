import { messageCatalogue, type MessageLanguage, type MessageText } from '@ams/contracts';

const asI18next = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}');

/** The catalogue's texts in one language as i18next resources: `{name}` becomes `{{name}}`, plurals `key_one`/`key_other`. */
export function catalogueIn(language: MessageLanguage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messageCatalogue).flatMap(([key, entry]): Array<[string, string]> => {
      const text: MessageText = entry[language];
      return typeof text === 'string'
        ? [[key, asI18next(text)]]
        : [
            [`${key}_one`, asI18next(text.one)],
            [`${key}_other`, asI18next(text.other)],
          ];
    }),
  );
}
