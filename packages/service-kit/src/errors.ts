import { formatMessage, type KeyedMessage, type MessageKey, type MessageParams, type RuleRefusal } from '@ams/contracts';

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

/** One field's refusal: the English text, and its catalogue key when it has one (framework issues may not). */
export interface FieldError {
  path: string;
  message: string;
  messageKey?: MessageKey;
  params?: MessageParams;
}

/** A field's refusal by catalogue key, with its English text filled in. */
export function fieldError(path: string, messageKey: MessageKey, params?: MessageParams): FieldError {
  return { path, message: formatMessage(messageKey, params), messageKey, ...(params ? { params } : {}) };
}

/**
 * The one error type services throw; the error handler turns it into problem+json.
 * It names its message by catalogue key; `message` is the English text (logs, and the problem's detail).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: MessageKey;
  readonly params: MessageParams | undefined;
  readonly errors: FieldError[] | undefined;
  /** A machine-readable cause beside the message (e.g. why a session ended), for clients that act on it. */
  readonly reason: string | undefined;
  /** When to try again, in seconds: sent as Retry-After (a busy 503, a rate limit). */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    messageKey: MessageKey,
    options: { params?: MessageParams; errors?: FieldError[]; reason?: string; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(formatMessage(messageKey, options.params), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.messageKey = messageKey;
    this.params = options.params;
    this.errors = options.errors;
    this.reason = options.reason;
    this.retryAfter = options.retryAfter;
  }
}

/** A rule's refusal as the service's error, with the status `codes` gives its key. */
export function refusalError<K extends MessageKey>(refusal: RuleRefusal<K>, codes: Readonly<Record<K, ErrorCode>>): AppError {
  return new AppError(codes[refusal.key], refusal.key, { ...(refusal.params ? { params: refusal.params } : {}), cause: refusal });
}

/** A refusal of one field: the problem's message is the field's. */
export function invalidField(path: string, messageKey: MessageKey, params?: MessageParams): AppError {
  return new AppError('validation_failed', messageKey, { ...(params ? { params } : {}), errors: [fieldError(path, messageKey, params)] });
}

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'bad_request':
    case 'validation_failed':
      return 400;
    case 'unauthorized':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'method_not_allowed':
      return 405;
    case 'conflict':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'uri_too_long':
      return 414;
    case 'unsupported_media_type':
      return 415;
    case 'unprocessable':
      return 422;
    case 'rate_limited':
      return 429;
    case 'unavailable':
      return 503;
    case 'internal':
      return 500;
    default: {
      const unknownCode: never = code;
      throw new Error(`Unmapped error code ${String(unknownCode)}`);
    }
  }
}

/** What a client may see of a status it did not get from an AppError (framework errors). */
export function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 400 && status < 500 ? 'bad_request' : 'internal';
  }
}

/** Spec §8's general message: what any unexpected failure shows, never its internals. */
export const GENERIC_FAILURE: KeyedMessage = { messageKey: 'somethingWentWrong' };

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  /** Human-readable English; the spec's messages are contract. `message` repeats it for clients that read that field. */
  detail: string;
  message: string;
  /** The catalogue key of the message and its parameters, for clients that show it in another language. */
  messageKey?: MessageKey;
  params?: MessageParams;
  instance?: string;
  errors?: FieldError[];
  reason?: string;
}

const titles: Record<ErrorCode, string> = {
  bad_request: 'Bad request',
  validation_failed: 'Validation failed',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  uri_too_long: 'URI too long',
  unsupported_media_type: 'Unsupported media type',
  unprocessable: 'Unprocessable content',
  rate_limited: 'Too many requests',
  unavailable: 'Service unavailable',
  internal: 'Internal server error',
};

/** A problem answer; `message` is a catalogue message, or (for a framework's own text) plain English. */
export function toProblem(code: ErrorCode, message: KeyedMessage | string, extra: { instance?: string; errors?: FieldError[]; reason?: string } = {}): Problem {
  const detail = typeof message === 'string' ? message : formatMessage(message.messageKey, message.params);
  return {
    type: `urn:ams:problem:${code}`,
    title: titles[code],
    status: statusOf(code),
    code,
    detail,
    message: detail,
    ...(typeof message === 'string' ? {} : { messageKey: message.messageKey, ...(message.params ? { params: message.params } : {}) }),
    ...(extra.instance ? { instance: extra.instance } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.reason ? { reason: extra.reason } : {}),
  };
}
