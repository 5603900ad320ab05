import {
  apiRoutes,
  formatMessage,
  isAllowed,
  issueMessage,
  successStatusOf,
  type ApiRoute,
  type ApiRouteKey,
  type MessageKey,
  type MessageParams,
  type User,
} from '@ams/contracts';
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import { MockProblem, type Answer, type AnswerContext, type Answers, type RawAnswer } from './answer-types';
import { identityAnswers, userIdOfToken } from './identity-answers';
import type { MockDb } from './mock-db';
import { peopleAnswers } from './people-answers';
import { reportingAnswers } from './reporting-answers';
import { attendanceAnswers, leaveAnswers, scheduleAnswers } from './time-answers';

/** One answer per route of the table: the type fails to check when a route is added without one. */
export const mockAnswers: Answers<ApiRouteKey> = {
  ...identityAnswers,
  ...peopleAnswers,
  ...scheduleAnswers,
  ...leaveAnswers,
  ...attendanceAnswers,
  ...reportingAnswers,
};

/** The cookie the mock signs calls in with (identity's is HttpOnly `token`, as here). */
export const MOCK_TOKEN_COOKIE = 'token';

/** A problem+json answer as the services send it: the catalogue's English text and its key. */
export function problem(status: number, messageKey: MessageKey, params?: MessageParams, errors?: unknown[]): Response {
  const detail = formatMessage(messageKey, params);
  return HttpResponse.json(
    { type: 'about:blank', title: detail, status, detail, message: detail, messageKey, ...(params ? { params } : {}), ...(errors ? { errors } : {}) },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

function validationProblem(error: z.ZodError): Response {
  // With the catalogue key of each message, as the services send them, so the SPA shows them in either language.
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), ...issueMessage(issue) }));
  const first = errors[0];
  const body = {
    type: 'about:blank',
    title: 'Validation failed',
    status: 400,
    detail: first?.message ?? 'Invalid value',
    message: first?.message ?? 'Invalid value',
    ...(first?.messageKey ? { messageKey: first.messageKey, ...(first.params ? { params: first.params } : {}) } : {}),
    errors,
  };
  return HttpResponse.json(body, { status: 400, headers: { 'content-type': 'application/problem+json' } });
}

function isRaw(answer: unknown): answer is RawAnswer {
  return typeof answer === 'object' && answer !== null && 'raw' in answer && 'contentType' in answer;
}

function tokenOf(request: Request, cookies: Record<string, string>): string | null {
  const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  // In Node with a DOM, the document's cookie can arrive in the header and again from MSW's own store, joined by
  // commas into one value; a token never holds a comma.
  return bearer ?? cookies[MOCK_TOKEN_COOKIE]?.split(',')[0]?.trim() ?? null;
}

/** What the successful answer sets: a session cookie after sign-in, none after sign-out. */
function cookieHeaders(route: ApiRoute, answer: unknown): HeadersInit {
  if (route.path === '/api/sign-out') return { 'set-cookie': `${MOCK_TOKEN_COOKIE}=; Path=/; Max-Age=0` };
  const token = typeof answer === 'object' && answer !== null && 'accessToken' in answer ? answer.accessToken : null;
  return typeof token === 'string' ? { 'set-cookie': `${MOCK_TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict` } : {};
}

async function bodyOf(route: ApiRoute, request: Request): Promise<z.ZodSafeParseResult<unknown>> {
  if (!route.body) return { success: true, data: undefined };
  const text = await request.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return route.body.safeParse(json);
}

/**
 * The handler of one route: the gateway's checks (a token for a signed-in route, the caller's permission), the
 * service's (params, query and body by the row's schemas, 400 with the field messages otherwise), then the
 * route's answer, checked against its response schema so a drifting fixture fails loudly instead of misleading.
 */
function handlerOf(route: ApiRoute, getDb: () => MockDb): HttpHandler {
  const key = `${route.method} ${route.path}` as ApiRouteKey;
  const answer = mockAnswers[key] as Answer<ApiRouteKey>;
  const method = route.method.toLowerCase() as Lowercase<ApiRoute['method']>;
  // Any origin: the page's in the browser, whatever base a Node test fetches from.
  return http[method](`*${route.path}`, async ({ request, params, cookies }) => {
    const db = getDb();
    const token = tokenOf(request, cookies);
    let user: User | null = null;
    if (route.access.kind === 'signed-in') {
      const userId = userIdOfToken(token);
      user = db.users.find((each) => each.id === userId) ?? null;
      if (!user) return problem(401, 'unauthorized');
      const role = db.roles.find((each) => each.id === user?.roleId);
      if (!isAllowed({ accountType: user.accountType, permissions: role?.permissions ?? {} }, route.access)) return problem(403, 'accessDenied');
    }
    const checkedParams = route.params ? route.params.safeParse(params) : { success: true as const, data: params };
    if (!checkedParams.success) return problem(404, 'notFound');
    const query = route.query ? route.query.safeParse(Object.fromEntries(new URL(request.url).searchParams)) : { success: true as const, data: undefined };
    if (!query.success) return validationProblem(query.error);
    const body = await bodyOf(route, request);
    if (!body.success) return validationProblem(body.error);
    try {
      const context = { db, params: params as Record<string, string>, query: query.data, body: body.data, user, token, request } as AnswerContext<ApiRouteKey>;
      const answered: unknown = await answer(context);
      const status = successStatusOf(route);
      if (isRaw(answered)) return new HttpResponse(answered.raw, { status, headers: { 'content-type': answered.contentType } });
      if (!route.response) return new HttpResponse(null, { status, headers: cookieHeaders(route, answered) });
      return HttpResponse.json(route.response.parse(answered) as JsonBodyType, { status, headers: cookieHeaders(route, answered) });
    } catch (error) {
      if (error instanceof MockProblem) return problem(error.status, error.messageKey, error.params);
      throw error;
    }
  });
}

/** Static segments before parameters (e.g. /api/leaves/calendar before /api/leaves/:id), as Fastify's router matches them. */
function specificity(route: ApiRoute): number[] {
  return route.path.split('/').map((segment) => (segment.startsWith(':') ? 0 : 1));
}

function bySpecificity(a: ApiRoute, b: ApiRoute): number {
  const [left, right] = [specificity(a), specificity(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (right[index] ?? -1) - (left[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A handler for every row of the route table, generated from it; `getDb` gives the session's state. */
export function createMockHandlers(getDb: () => MockDb): HttpHandler[] {
  return (apiRoutes as readonly ApiRoute[]).toSorted(bySpecificity).map((route) => handlerOf(route, getDb));
}
