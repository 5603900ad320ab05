import {
  CSRF_COOKIE,
  CSRF_HEADER,
  isMessageKey,
  isMessageParams,
  isSessionEndReason,
  type MessageKey,
  type MessageParams,
  type SessionEndReason,
} from '@ams/contracts';
import ky, { HTTPError, TimeoutError } from 'ky';
import { signOutAtom } from './session';
import { appStore } from './store';

/** Spec §9: the API prefix and the 60-second time-out. */
export const API_PREFIX = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;
/** Spec §4: any of these answers ends the session without a message. */
export const SESSION_EXPIRED_STATUSES: readonly number[] = [401, 419, 440];

/** Answers to these calls are about the credentials typed in, not about the current session. */
const credentialCalls = ['user/login', 'sign-up'];
/** The kiosk's calls (public): a 401 there means a wrong PIN or a stale ticket, never an ended session. */
const KIOSK_PREFIX = 'clock/';

function isCredentialCall(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return credentialCalls.some((call) => path === `${API_PREFIX}/${call}`) || path.startsWith(`${API_PREFIX}/${KIOSK_PREFIX}`);
}

/** The reason a 401 names when an administrator ended the session (problem+json `reason`), else null. */
export async function sessionEndReasonOf(response: Response): Promise<SessionEndReason | null> {
  try {
    const body = (await response.clone().json()) as { reason?: unknown };
    return isSessionEndReason(body.reason) ? body.reason : null;
  } catch {
    return null;
  }
}

const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** The CSRF value identity set beside the HttpOnly token cookie (readable on purpose), or null. */
export function csrfTokenOf(cookies: string): string | null {
  for (const pair of cookies.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The session's client: the browser sends the HttpOnly token cookie by itself (same origin); an unsafe call
 * echoes the CSRF cookie in its header, which another site can neither read nor make the browser send.
 */
export const api = ky.create({
  prefixUrl: API_PREFIX,
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  credentials: 'same-origin',
  hooks: {
    beforeRequest: [
      (request) => {
        if (SAFE_METHODS.includes(request.method)) return;
        const csrf = typeof document === 'undefined' ? null : csrfTokenOf(document.cookie);
        if (csrf) request.headers.set(CSRF_HEADER, csrf);
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        if (SESSION_EXPIRED_STATUSES.includes(response.status) && !isCredentialCall(request)) {
          appStore.set(signOutAtom, { reason: await sessionEndReasonOf(response) });
        }
        return response;
      },
    ],
  },
});

/**
 * The public kiosk's client (/api/clock/…): it sends no cookie, so the kiosk never acts as whoever is signed in
 * on this browser, and its 401s (wrong ID or PIN, expired ticket) never sign them out.
 */
export const kioskApi = ky.create({ prefixUrl: API_PREFIX, timeout: REQUEST_TIMEOUT_MS, retry: 0, credentials: 'omit' });

interface ProblemBody {
  message?: unknown;
  detail?: unknown;
  messageKey?: unknown;
  params?: unknown;
  errors?: unknown;
}

/** A message's key and parameters as a problem carries them (none when it named no catalogue key). */
export interface MessageRef {
  messageKey?: MessageKey | undefined;
  params?: MessageParams | undefined;
}

export interface FieldProblem extends MessageRef {
  path: string;
  message: string;
}

/** An API failure in a form the UI can show: the server's message (English, with its key) when it sent one, else the error's own text. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly fieldErrors: readonly FieldProblem[];
  readonly messageKey: MessageKey | undefined;
  readonly params: MessageParams | undefined;

  constructor(message: string, status: number | null, fieldErrors: readonly FieldProblem[] = [], ref: MessageRef = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.messageKey = ref.messageKey;
    this.params = ref.params;
  }
}

function messageRefOf(body: { messageKey?: unknown; params?: unknown }): MessageRef {
  if (!isMessageKey(body.messageKey)) return {};
  return { messageKey: body.messageKey, ...(isMessageParams(body.params) ? { params: body.params } : {}) };
}

function fieldProblems(errors: unknown): FieldProblem[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { path, message, messageKey, params } = entry as { path?: unknown; message?: unknown; messageKey?: unknown; params?: unknown };
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message, ...messageRefOf({ messageKey, params }) }] : [];
  });
}

/** Spec §8's general message, what an unexpected failure shows (never "Request failed with status code 500 … GET http://…"). */
const unexpected: Required<Pick<MessageRef, 'messageKey'>> = { messageKey: 'somethingWentWrong' };
const UNEXPECTED_TEXT = 'Something went wrong!';

export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    let body: ProblemBody = {};
    try {
      body = (await error.response.clone().json()) as ProblemBody;
    } catch {
      body = {};
    }
    const { status } = error.response;
    const ref = messageRefOf(body);
    const text = typeof body.message === 'string' ? body.message : typeof body.detail === 'string' ? body.detail : null;
    // A server error without a catalogue message, or an answer that says nothing: the general message.
    if (!ref.messageKey && (status >= 500 || text === null)) return new ApiError(UNEXPECTED_TEXT, status, [], unexpected);
    return new ApiError(text ?? UNEXPECTED_TEXT, status, fieldProblems(body.errors), ref);
  }
  // No answer at all (network failure, time-out): status null, so the kiosk can offer the same punch again.
  if (error instanceof TimeoutError || error instanceof TypeError) return new ApiError(UNEXPECTED_TEXT, null, [], unexpected);
  return new ApiError(error instanceof Error ? error.message : String(error), null);
}

/** Runs a call and turns any failure into an ApiError. */
export async function request<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await toApiError(error);
  }
}
