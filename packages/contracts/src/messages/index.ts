export { messageCatalogue, type CatalogueEntry, type MessageKey, type MessageText } from './message-catalogue.ts';
export {
  formatMessage,
  isMessageKey,
  isMessageParams,
  issueMessage,
  message,
  placeholdersOf,
  type KeyedMessage,
  type MessageLanguage,
  type MessageParams,
  type StatedMessage,
} from './message-format.ts';
export { RuleRefusal } from './rule-refusal.ts';
