export { messageCatalogue, type CatalogueEntry, type MessageKey, type MessageText } from './message-catalogue.ts';
export { formatMessage, isMessageKey, messageKeyOf, placeholdersOf, type KeyedMessage, type MessageLanguage, type MessageParams } from './message-format.ts';
