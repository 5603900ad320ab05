import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { routesOf, upstreamServices, type ApiRoute, type UpstreamService } from '@ams/contracts';
import { GENERIC_FAILURE, toProblem } from '@ams/service-kit';
import { routeGuard, type GuardDependencies } from '../auth/route-guard.ts';
import { carriesToken } from '../compression.ts';
import { clientResponseHeaders, upstreamRequestHeaders } from './forward-headers.ts';
import { lazyChildLogger } from './lazy-request-logger.ts';
import type { PrincipalSigner } from './principal-signer.ts';
import type { UpstreamPool } from './upstream-pool.ts';

export interface ApiProxyOptions {
  upstreams: UpstreamPool;
  signPrincipal: PrincipalSigner;
  guard: GuardDependencies;
  bodyLimit: number;
  /** How long a service may take to answer (spec §9: the client gives up after 60 s). */
  upstreamTimeoutMs: number;
  /** Stricter per-route limits (sign-in, sign-up), keyed by `METHOD path`. */
  routeRateLimits: ReadonlyMap<string, RateLimitOptions>;
}

const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
/** Services that read the client's token themselves: identity revokes the presented token on sign-out. */
const CREDENTIAL_READERS: ReadonlySet<UpstreamService> = new Set(['identity']);

type AnyReply = FastifyReply<RouteGenericInterface, RawServerBase>;

function unavailable(reply: AnyReply): AnyReply {
  return reply
    .code(503)
    .type('application/problem+json')
    .send(toProblem('unavailable', GENERIC_FAILURE, { instance: reply.request.url.split('?')[0] }));
}

type ForwardOptions = NonNullable<Parameters<FastifyReply['from']>[1]>;

/** Failures where the request never reached the service: resending it elsewhere cannot act twice. */
const NOT_SENT: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
/** Failures that mean the replica is gone (refused, dropped): skip it until it answers again. */
const REPLICA_GONE: ReadonlySet<string> = new Set([...NOT_SENT, 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

function failureCode(error: Error): string | undefined {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return cause?.code ?? code;
}

/** The replicas one request was sent to, in order (kept only while it is in flight). */
const sentTo = new WeakMap<object, string[]>();

/**
 * How one route's requests are forwarded. Built once per route, not per request: the hot path
 * allocates no closures. A request that could not reach a replica, or an idempotent one whose replica
 * dropped it, goes to the next replica of the service; the client sees 503 only when none is left.
 */
function forwardOptionsOf(route: ApiRoute, options: ApiProxyOptions): ForwardOptions {
  const { service } = route;
  const keepCredentials = CREDENTIAL_READERS.has(service);
  const resendable = route.idempotent === true || BODYLESS_METHODS.has(route.method);
  const forwardOptions: ForwardOptions = {
    getUpstream: (request) => {
      const tried = sentTo.get(request) ?? [];
      const url = options.upstreams.pick(service, tried) ?? '';
      if (options.upstreams.size(service) > 1) sentTo.set(request, [...tried, url]);
      return url;
    },
    rewriteRequestHeaders: (request, headers) => upstreamRequestHeaders(request, headers, options.signPrincipal, keepCredentials),
    rewriteHeaders: clientResponseHeaders,
    onError: (reply, { error }) => {
      const code = failureCode(error);
      const tried = sentTo.get(reply.request);
      const failed = tried?.at(-1) ?? options.upstreams.pick(service);
      if (failed && code && REPLICA_GONE.has(code)) options.upstreams.markDown(service, failed, code);
      const mayResend = code !== undefined && (NOT_SENT.has(code) || (resendable && REPLICA_GONE.has(code)));
      if (!reply.sent && mayResend && tried && options.upstreams.pick(service, tried) !== undefined) {
        void reply.from(undefined, withBody(reply.request, forwardOptions));
        return;
      }
      // The replica's state change is logged once by the pool; the client sees the generic message.
      if (!code || !REPLICA_GONE.has(code)) reply.request.log.error({ service, code, upstream: error.message }, 'upstream failed');
      void unavailable(reply);
    },
  };
  return forwardOptions;
}

/** Bodies go on as the bytes the client sent; the service parses and validates them. */
function withBody(request: Pick<FastifyRequest, 'body' | 'method' | 'headers'>, forwardOptions: ForwardOptions): ForwardOptions {
  const { body } = request;
  if (!Buffer.isBuffer(body) || BODYLESS_METHODS.has(request.method)) return forwardOptions;
  if (body.length === 0) return { ...forwardOptions, body: null };
  return { ...forwardOptions, body, contentType: request.headers['content-type'] ?? 'application/octet-stream' };
}

/** Every route of one service, each behind its guard, proxied to the service (503 while it has no address). */
function registerServiceRoutes(scope: FastifyInstance, service: UpstreamService, options: ApiProxyOptions): void {
  for (const route of routesOf(service)) {
    const forwardOptions = forwardOptionsOf(route, options);
    const rateLimit = options.routeRateLimits.get(`${route.method} ${route.path}`);
    scope.route({
      method: route.method,
      url: route.path,
      ...(rateLimit ? { config: { rateLimit } } : {}),
      ...(route.rawBody ? { bodyLimit: route.rawBody.maxBytes } : {}),
      ...(carriesToken(route) ? { compress: false as const } : {}),
      // reply-from logs every failed attempt at warn; the pool logs a replica's failure once instead.
      logLevel: 'error',
      preParsing: routeGuard(route, options.guard),
      handler: (request, reply) => (options.upstreams.has(service) ? reply.from(undefined, withBody(request, forwardOptions)) : unavailable(reply)),
    });
  }
}

/** The API surface is exactly the route table: anything else under /api is a 404. */
export async function registerApiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  await app.register(async (scope) => {
    // A proxied request that succeeds logs nothing: its logger is built only if it does.
    scope.setChildLoggerFactory(lazyChildLogger);
    // Bodies stay the bytes the client sent, up to the limit; the services parse and validate them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.bodyLimit }, (_request, body, done) => done(null, body));
    await scope.register(replyFrom, {
      // A retried request may act twice, and a 503 is the service's answer to pass on: never retry.
      retryMethods: [],
      disableRequestLogging: true,
      // One connection pool per service origin.
      undici: { connections: 128, headersTimeout: options.upstreamTimeoutMs, bodyTimeout: options.upstreamTimeoutMs },
    });
    for (const service of upstreamServices) registerServiceRoutes(scope, service, options);
  });
}
