import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-request-logger.ts';

/** A Fastify app logging at info into memory, whose /quiet and /loud routes (own level: error) use the lazy logger. */
async function appWithLazyLogger() {
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  let children = 0;
  await app.register(async (scope) => {
    scope.setChildLoggerFactory(function (logger, bindings, options, request) {
      const counting = Object.create(logger, {
        child: {
          value: (...args: Parameters<typeof logger.child>) => {
            children += 1;
            return logger.child(...args);
          },
        },
      }) as typeof logger;
      return lazyChildLogger.call(this, counting, bindings, options, request);
    });
    scope.get('/quiet', { logLevel: 'error' }, async (request) => {
      request.log.warn('below the route level');
      return 'ok';
    });
    scope.get('/loud', { logLevel: 'error' }, async (request) => {
      request.log.error({ detail: 1 }, 'upstream failed');
      return 'ok';
    });
  });
  return { app, lines, children: () => children };
}

describe('the lazy request logger', () => {
  it('builds no child logger for a request that writes nothing at an enabled level', async () => {
    const { app, lines, children } = await appWithLazyLogger();
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines.filter((line) => line.msg === 'below the route level')).toEqual([]);
    await app.close();
  });

  it('writes an enabled line through a child that carries the request id and the route level', async () => {
    const { app, lines, children } = await appWithLazyLogger();
    const response = await app.inject({ method: 'GET', url: '/loud' });
    expect(response.statusCode).toBe(200);
    expect(children()).toBe(1);
    const line = lines.find((entry) => entry.msg === 'upstream failed');
    expect(line).toMatchObject({ level: 50, detail: 1, reqId: expect.any(String) as string });
    // The route level (error) still holds: Fastify's info lines about the request were not written.
    expect(lines.filter((entry) => entry.reqId === line?.reqId).map((entry) => entry.msg)).toEqual(['upstream failed']);
    await app.close();
  });
});
