import Fastify from 'fastify';
import { verifyPrincipal, type VerifiedCaller } from '@ams/service-kit';

/** What the stand-in service saw of one request. */
export interface EchoedRequest {
  method: string;
  url: string;
  /** Null when the principal header was missing or its signature did not verify. */
  caller: VerifiedCaller | null;
  requestId: string | null;
  contentType: string | null;
  body: string;
  authorization: string | null;
  /** Every header as received. */
  headers: Record<string, string | string[] | undefined>;
}

export interface EchoUpstream {
  url: string;
  /** Every request that reached the service, in order. */
  seen: EchoedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP service on a loopback port that answers every path with what it received, including the
 * principal it verified with the gateway's secret. Sign-in also sets a cookie, as identity's does.
 */
export async function startEchoUpstream(internalSecret: string, port = 0): Promise<EchoUpstream> {
  // Photos pass the gateway up to 5 MiB; the echo must take them to show they arrived whole.
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
  const seen: EchoedRequest[] = [];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const echoed: EchoedRequest = {
      method: request.method,
      url: request.url,
      caller: verifyPrincipal(request, internalSecret),
      requestId: header('x-request-id'),
      contentType: header('content-type'),
      body: typeof request.body === 'string' ? request.body : '',
      authorization: header('authorization'),
      headers: { ...request.headers },
    };
    seen.push(echoed);
    if (request.url === '/api/user/login') reply.header('set-cookie', 'token=issued-by-identity; HttpOnly; Path=/; SameSite=Lax');
    return echoed;
  });
  const address = await app.listen({ port, host: '127.0.0.1' });
  return { url: address, seen, close: () => app.close() };
}
