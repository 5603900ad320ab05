import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { routesOf, upstreamServices, type UpstreamService } from '@ams/contracts';
import { GENERIC_FAILURE, toProblem } from '@ams/service-kit';
import { routeGuard, type GuardDependencies } from '../auth/route-guard.ts';
import { clientResponseHeaders, upstreamRequestHeaders } from './forward-headers.ts';
import type { PrincipalSigner } from './principal-signer.ts';

export interface ApiProxyOptions {
  /** Read on every request, so a launcher may fill it in as its services start listening. */
  upstreams: Readonly<Partial<Record<UpstreamService, string>>>;
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

/**
 * How one service's requests are forwarded. Built once per service, not per request: the hot path
 * allocates no closures.
 */
function forwardOptionsOf(service: UpstreamService, options: ApiProxyOptions): ForwardOptions {
  const keepCredentials = CREDENTIAL_READERS.has(service);
  return {
    getUpstream: () => options.upstreams[service] ?? '',
    rewriteRequestHeaders: (request, headers) => upstreamRequestHeaders(request, headers, options.signPrincipal, keepCredentials),
    rewriteHeaders: clientResponseHeaders,
    onError: (reply, { error }) => {
      // Which service failed and why stays in the log; the client sees the generic message.
      reply.request.log.warn({ service, code: (error as { code?: string }).code, upstream: error.message }, 'upstream failed');
      void unavailable(reply);
    },
  };
}

/** Bodies go on as the bytes the client sent; the service parses and validates them. */
function withBody(request: FastifyRequest, forwardOptions: ForwardOptions): ForwardOptions {
  const { body } = request;
  if (!Buffer.isBuffer(body) || BODYLESS_METHODS.has(request.method)) return forwardOptions;
  if (body.length === 0) return { ...forwardOptions, body: null };
  return { ...forwardOptions, body, contentType: request.headers['content-type'] ?? 'application/octet-stream' };
}

/** Every route of one service, each behind its guard, proxied to the service (503 while it has no address). */
function registerServiceRoutes(scope: FastifyInstance, service: UpstreamService, options: ApiProxyOptions): void {
  const forwardOptions = forwardOptionsOf(service, options);
  for (const route of routesOf(service)) {
    const rateLimit = options.routeRateLimits.get(`${route.method} ${route.path}`);
    scope.route({
      method: route.method,
      url: route.path,
      ...(rateLimit ? { config: { rateLimit } } : {}),
      ...(route.rawBody ? { bodyLimit: route.rawBody.maxBytes } : {}),
      preParsing: routeGuard(route, options.guard),
      handler: (request, reply) =>
        options.upstreams[service] ? reply.from(undefined, withBody(request, forwardOptions)) : unavailable(reply),
    });
  }
}

/** The API surface is exactly the route table: anything else under /api is a 404. */
export async function registerApiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  await app.register(async (scope) => {
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
