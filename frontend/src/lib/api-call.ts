import {
  adminDashboardSchema,
  messageSchema,
  sessionResponseSchema,
  settingsSchema,
  signedInUserSchema,
  signUpStatusSchema,
  type ApiRoute,
  type ApiRouteTable,
} from '@ams/contracts';
import type { QueryFilters } from '@tanstack/react-query';
import type { KyInstance, Options } from 'ky';
import type { z } from 'zod';
import { api, API_PREFIX, ApiError, request } from './api-client';

/**
 * The SPA's typed client of the one route table (packages/contracts, DESIGN §3): a call names its route by key,
 * e.g. `call('PATCH /api/users/:id', { params: { id }, body })`; the key's row types the params, query, body and
 * answer, the URL is built here (params substituted and encoded, the query serialised), and the answer is checked
 * with the row's response schema.
 */
type Row = ApiRouteTable[number];
type Routes = { [Route in Row as `${Route['method']} ${Route['path']}`]: Route };

/** A route of the table: its method and path, e.g. 'PATCH /api/users/:id'. */
export type RouteKey = keyof Routes;
/** The routes a query may read (their answers are what the query client caches). */
export type ReadKey = Extract<RouteKey, `GET ${string}`>;

/** A query as a caller writes it: any of the parameters the route reads; empty ones stay out of the URL. */
export type QueryOf<Schema extends z.ZodType> = { [Name in keyof z.output<Schema>]?: z.output<Schema>[Name] | null | undefined };

type ParamsArg<Route> = Route extends { params: infer Schema extends z.ZodType } ? { params: z.input<Schema> } : { params?: never };
type QueryArg<Route> = Route extends { query: infer Schema extends z.ZodType } ? { query?: QueryOf<Schema> } : { query?: never };
type BodyArg<Route> = Route extends { rawBody: object }
  ? { body: Blob; /** The body's own type when left out. */ contentType?: string }
  : Route extends { body: infer Schema extends z.ZodType }
    ? { body: z.input<Schema> }
    : { body?: never };

/** What a call of the route sends: `params` for its path, `query`, `body` (a Blob for a raw upload). */
export type ArgsOf<Key extends RouteKey> = ParamsArg<Routes[Key]> & QueryArg<Routes[Key]> & BodyArg<Routes[Key]>;
export type BodyOf<Key extends RouteKey> = ArgsOf<Key>['body'];
/** The checked answer (nothing for a 204 route). */
export type AnswerOf<Key extends RouteKey> = Routes[Key] extends { response: infer Schema extends z.ZodType } ? z.output<Schema> : void;
type AnswerSchemaOf<Key extends RouteKey> = Routes[Key] extends { response: infer Schema extends z.ZodType } ? Schema : never;

/** Which client sends the call: the session's (`api`, cookie and CSRF), or the kiosk's (no cookie). */
export interface CallOptions {
  client?: KyInstance;
}

/** The arguments may be left out when the route needs none. */
type ArgsList<Key extends RouteKey> =
  Partial<ArgsOf<Key>> extends ArgsOf<Key> ? [args?: ArgsOf<Key>, options?: CallOptions] : [args: ArgsOf<Key>, options?: CallOptions];
type KeyArgsList<Key extends ReadKey> = Partial<ArgsOf<Key>> extends ArgsOf<Key> ? [args?: ArgsOf<Key>] : [args: ArgsOf<Key>];

type Values = Readonly<Record<string, unknown>> | undefined;

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The route's path with each `:name` replaced by its encoded value, e.g. '/api/users/a%2Fb'. */
export function pathOf(key: RouteKey, params?: Values): string {
  const path = key.slice(key.indexOf(' ') + 1);
  return path.replace(PARAM, (_match, name: string) => {
    const value = params?.[name];
    if (isEmpty(value)) throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The one query-string rule of the SPA: every parameter with a value, in the caller's order; empty ones are left out. */
export function searchParamsOf(query?: Values): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const each of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (!isEmpty(each)) params.append(name, String(each));
    }
  }
  return params;
}

/** The path and query string a call requests, e.g. '/api/users?page=2'. */
export function urlOf(key: RouteKey, args?: { params?: Values; query?: Values }): string {
  const query = searchParamsOf(args?.query).toString();
  return query ? `${pathOf(key, args?.params)}?${query}` : pathOf(key, args?.params);
}

/**
 * The query client's key for a route's answer: the route key, then what the request carries in the form it is
 * sent (strings, empty values left out), so two screens asking the same thing share one cache entry and
 * different questions never do. `[key]` alone is also the prefix of every query of the route.
 */
export function queryKeyOf<Key extends ReadKey>(key: Key, ...[args]: KeyArgsList<Key>): readonly [Key] | readonly [Key, RequestKey] {
  const { params, query } = (args ?? {}) as { params?: Values; query?: Values };
  const request: RequestKey = {};
  const paramEntries = Object.entries(params ?? {}).filter(([, value]) => !isEmpty(value));
  if (paramEntries.length > 0) request.params = Object.fromEntries(paramEntries.map(([name, value]) => [name, String(value)]));
  const queryEntries = [...searchParamsOf(query).entries()];
  if (queryEntries.length > 0) request.query = Object.fromEntries(queryEntries);
  return request.params || request.query ? [key, request] : [key];
}

interface RequestKey {
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/** A filter for every cached answer of these routes, e.g. to invalidate them after a change. */
export function queriesOf(...keys: readonly ReadKey[]): QueryFilters {
  return { predicate: (query) => keys.some((key) => query.queryKey[0] === key) };
}

/** The answer did not have the route's shape. */
export class InvalidAnswerError extends ApiError {
  constructor(message: string) {
    super(message, null);
    this.name = 'InvalidAnswerError';
  }
}

/**
 * The answers of the first load's calls (sign-in, the session, the admin dashboard, the settings dates are shown in), checked
 * without waiting for the route table: their schemas are small and ship with the first load, whereas the table
 * brings every service's schemas, which stay out of it (bench/frontend.ts). Each is the table's own schema
 * (api-call.unit.test checks it); every other answer is checked once the table is loaded.
 */
export const firstLoadAnswers: { readonly [Key in RouteKey]?: AnswerSchemaOf<Key> } = {
  'GET /api/me': signedInUserSchema,
  'GET /api/sign-up': signUpStatusSchema,
  'POST /api/user/login': sessionResponseSchema,
  'POST /api/sign-up': messageSchema,
  'POST /api/sign-out': messageSchema,
  // The admin dashboard, the admin's first page.
  'GET /api/dashboard/admin': adminDashboardSchema,
  // Every page that shows a date reads the settings (lib/use-date-format).
  'GET /api/settings': settingsSchema,
};

/** The route's response schema (undefined for a 204 route). */
async function answerSchemaOf(key: RouteKey): Promise<z.ZodType | undefined> {
  const known: z.ZodType | undefined = firstLoadAnswers[key];
  if (known) return known;
  const { routeOf } = await import('./api-table');
  const route: ApiRoute = routeOf(key);
  return route.response;
}

function bodyOptions(args: { body?: unknown; contentType?: string }): Options {
  const { body, contentType } = args;
  if (body === undefined) return {};
  if (body instanceof Blob) {
    const type = contentType ?? body.type;
    return type ? { body, headers: { 'content-type': type } } : { body };
  }
  return { json: body };
}

/**
 * Calls a route of the table and answers with its checked answer; any failure is an ApiError (the server's
 * message and field errors, the 401/419/440 sign-out rule of the client), one whose answer has the wrong shape
 * an InvalidAnswerError.
 */
export function call<Key extends RouteKey>(key: Key, ...[args, options]: ArgsList<Key>): Promise<AnswerOf<Key>> {
  const sent = ((args as unknown) ?? {}) as { params?: Values; query?: Values; body?: unknown; contentType?: string };
  const client = options?.client ?? api;
  return request(async () => {
    // The table (when needed) loads while the request is on its way.
    const schema = answerSchemaOf(key);
    const searchParams = searchParamsOf(sent.query);
    const response = await client(pathOf(key, sent.params).slice(API_PREFIX.length + 1), {
      method: key.slice(0, key.indexOf(' ')),
      ...(searchParams.size > 0 ? { searchParams } : {}),
      ...bodyOptions(sent),
    });
    const answerSchema = await schema;
    if (!answerSchema) return undefined as AnswerOf<Key>;
    const text = await response.text();
    const checked = answerSchema.safeParse(text === '' ? undefined : (JSON.parse(text) as unknown));
    if (!checked.success) throw new InvalidAnswerError(checked.error.message);
    return checked.data as AnswerOf<Key>;
  });
}
