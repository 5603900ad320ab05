import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { anonymousPrincipal, type Principal } from '@ams/contracts';
import { problemFrameworkOptions, registerErrorHandling } from './error-handler.ts';
import { AppError } from './errors.ts';
import { unknownClient, verifyPrincipal, type ClientInfo } from './principal-header.ts';
import { registerProbes, type ReadinessChecks } from './probes.ts';
import { createRouteIndex } from './route-index.ts';
import { assertSafeText } from './unsafe-text.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Verified by the gateway; anonymous on public routes. */
    principal: Principal;
    /** The caller's address and agent as the gateway saw them. */
    client: ClientInfo;
    /**
     * Who a route of the table acts for, once its access rule passed (see `route`): the signed-in
     * principal, or the anonymous one on public routes.
     */
    caller: Principal;
  }
}

export type ServiceApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface ServiceConfig {
  name: string;
  logLevel?: string;
  /** Pino destination override (tests pass a stream to read the logs). */
  logStream?: NodeJS.WritableStream;
  /** Largest accepted body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Longest time a client may take to send its whole request (0 or absent: no limit). */
  requestTimeoutMs?: number;
  /**
   * Behind one reverse proxy: the client address is the one that proxy appended to X-Forwarded-For
   * (what a client wrote there itself is not believed).
   */
  trustProxy?: boolean;
  /** Checked by /ready, which fails without them, e.g. { database }. */
  readiness?: ReadinessChecks;
  /** Reported by /ready as 'degraded' when down, without failing it, e.g. { bus }. */
  degradable?: ReadinessChecks;
  /** The gateway registers its own /health and /ready that report every part. */
  standardProbes?: boolean;
  /**
   * The secret the gateway signs principals with. Every request except the probes must carry a
   * valid signature. `false` is only for the gateway itself, which produces the header.
   */
  gatewaySecret: string | false;
}

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A caller's x-request-id is kept only when a trusted hop set it: a service trusts the gateway (whose
 * requests it verifies anyway), the gateway only a reverse proxy it was told to trust. Only a UUID is
 * kept, so no client writes what the logs show.
 */
function requestIdOf(trusted: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return trusted && typeof given === 'string' && REQUEST_ID.test(given) ? given.toLowerCase() : randomUUID();
  };
}

/** A Fastify app with our conventions; it never listens (see `listen` in server.ts files). */
export function buildService(config: ServiceConfig): ServiceApp {
  const app = Fastify({
    logger: {
      level: config.logLevel ?? 'info',
      base: { service: config.name },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-ams-principal-signature"]'],
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    bodyLimit: config.bodyLimit ?? 1_048_576,
    requestIdHeader: false,
    // Keep the gateway's id so one request can be followed across services.
    genReqId: requestIdOf(config.gatewaySecret !== false || config.trustProxy === true),
    return503OnClosing: true,
    requestTimeout: config.requestTimeoutMs ?? 0,
    trustProxy: config.trustProxy === true ? (_address: string, hop: number) => hop === 0 : false,
    ...problemFrameworkOptions,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = createRouteIndex();
  app.addHook('onRoute', (route) => routes.add(route.method, route.url));
  registerErrorHandling(app, routes);
  // Fastify forbids object defaults on decorators; every request gets its principal in onRequest.
  app.decorateRequest<Principal>('principal', null as unknown as Principal);
  app.decorateRequest<ClientInfo>('client', null as unknown as ClientInfo);
  app.decorateRequest<Principal>('caller', null as unknown as Principal);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { gatewaySecret } = config;
  // Callback style: the check is synchronous, and an async hook would cost every request a promise and a microtask.
  app.addHook('onRequest', (request, _reply, done) => {
    request.principal = anonymousPrincipal;
    request.client = unknownClient;
    if (gatewaySecret === false || request.routeOptions.config.probe === true) return done();
    const caller = verifyPrincipal(request, gatewaySecret);
    if (!caller) return done(new AppError('unauthorized', 'notThroughGateway'));
    request.principal = caller.principal;
    request.client = caller.client;
    done();
  });

  // After parsing, before schema validation: no handler or query ever sees such text.
  app.addHook('preValidation', async (request) => assertSafeText(request));

  if (config.standardProbes !== false) registerProbes(app, config.readiness ?? {}, config.degradable);
  return app;
}
