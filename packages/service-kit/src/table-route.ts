import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  anonymousPrincipal,
  apiRoute,
  isAllowed,
  successStatusOf,
  type ApiRoute,
  type ApiRouteAt,
  type ApiRouteKey,
  type Principal,
  type RouteAccess,
} from '@ams/contracts';
import type { ServiceApp } from './build-service.ts';
import { signedInCaller, type SignedInPrincipal } from './company-scope.ts';
import { AppError } from './errors.ts';

type AnonymousPrincipal = Extract<Principal, { kind: 'anonymous' }>;

// What a row of the table gives its handler; a part the row does not declare is `unknown`, so it cannot be read by mistake.
type ParamsOf<Row> = Row extends { params: infer Schema extends z.ZodType } ? z.output<Schema> : unknown;
type QueryOf<Row> = Row extends { query: infer Schema extends z.ZodType } ? z.output<Schema> : unknown;
type BodyOf<Row> = Row extends { body: infer Schema extends z.ZodType } ? z.output<Schema> : unknown;
type CallerOf<Row> = Row extends { access: { kind: 'public' } } ? AnonymousPrincipal : SignedInPrincipal;

/** JSON routes return their answer; raw ones (a photo) send it themselves and return the reply; 204 routes return nothing. */
type AnswerOf<Row> = Row extends { response: infer Schema extends z.ZodType } ? z.input<Schema> : Row extends { rawResponse: object } ? FastifyReply : void;

/** The request a handler of `key` receives: the table's params, query and body, and who it acts for. */
export type TableRequest<Key extends ApiRouteKey> = FastifyRequest<{
  Params: ParamsOf<ApiRouteAt<Key>>;
  Querystring: QueryOf<ApiRouteAt<Key>>;
  Body: BodyOf<ApiRouteAt<Key>>;
}> & { caller: CallerOf<ApiRouteAt<Key>> };

export type TableHandler<Key extends ApiRouteKey> = (
  request: TableRequest<Key>,
  reply: FastifyReply,
) => AnswerOf<ApiRouteAt<Key>> | Promise<AnswerOf<ApiRouteAt<Key>>>;

/**
 * Who the route acts for. The gateway enforces the same rule; enforcing it again here means a wiring
 * mistake (a route left open at the gateway, a call that bypassed it) never reaches the wrong persona.
 */
function callerFor(access: RouteAccess, principal: Principal): Principal {
  if (access.kind === 'public') return anonymousPrincipal;
  const caller = signedInCaller(principal);
  if (!isAllowed(caller, access)) throw new AppError('forbidden', 'notPermitted');
  return caller;
}

function schemaOf(row: ApiRoute): Record<string, unknown> {
  return {
    ...(row.params ? { params: row.params } : {}),
    ...(row.query ? { querystring: row.query } : {}),
    ...(row.body ? { body: row.body } : {}),
    ...(row.response ? { response: { [successStatusOf(row)]: row.response } } : {}),
  };
}

/**
 * Registers the table's route `key` with `handler`: the route's schemas validate the request and the
 * answer, its access rule is checked before the body is read, and success answers the table's status.
 */
export function route<Key extends ApiRouteKey>(app: ServiceApp, key: Key, handler: TableHandler<Key>): void {
  const row: ApiRoute = apiRoute(key);
  const status = successStatusOf(row);
  const options = {
    method: row.method,
    url: row.path,
    schema: schemaOf(row),
    onRequest: async (request: FastifyRequest) => {
      request.caller = callerFor(row.access, request.principal);
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      void reply.code(status);
      const answer: unknown = await handler(request as TableRequest<Key>, reply);
      if (answer === reply) return reply;
      return status === 204 ? reply.send() : answer;
    },
  };
  const { rawBody } = row;
  if (!rawBody) {
    app.route(options);
    return;
  }
  // Own scope: the raw parser serves this route only. Its declared type only picks the parser; the handler checks the bytes.
  void app.register(async (scope) => {
    scope.addContentTypeParser([...rawBody.mediaTypes], { parseAs: 'buffer', bodyLimit: rawBody.maxBytes }, (_request, body, done) => done(null, body));
    scope.route({ ...options, bodyLimit: rawBody.maxBytes });
  });
}
