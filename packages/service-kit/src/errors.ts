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

export interface FieldError {
  path: string;
  message: string;
}

/** The one error type services throw; the error handler turns it into problem+json. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, options: { errors?: FieldError[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
  }
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
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong!';

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  /** Human-readable; the spec's messages are contract. `message` repeats it for clients that read that field. */
  detail: string;
  message: string;
  instance?: string;
  errors?: FieldError[];
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

export function toProblem(code: ErrorCode, detail: string, extra: { instance?: string; errors?: FieldError[] } = {}): Problem {
  return {
    type: `urn:ams:problem:${code}`,
    title: titles[code],
    status: statusOf(code),
    code,
    detail,
    message: detail,
    ...(extra.instance ? { instance: extra.instance } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}
