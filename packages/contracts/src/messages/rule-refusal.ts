import type { MessageKey } from './message-catalogue.ts';
import { formatMessage, type MessageParams } from './message-format.ts';

/**
 * A refusal of a domain's pure rules, named by its catalogue key; its message is the key's English text.
 * The rules know no HTTP statuses: the service gives each key its status (service-kit's refusalError).
 */
export class RuleRefusal<K extends MessageKey> extends Error {
  readonly key: K;
  readonly params: MessageParams | undefined;
  constructor(key: K, params?: MessageParams) {
    super(formatMessage(key, params));
    this.key = key;
    this.params = params;
  }
}
