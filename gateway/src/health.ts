import { runChecks, type ReadinessChecks, type ServiceApp } from '@ams/service-kit';
import type { Installation } from './installation.ts';

/** Upstream services are up when their own /ready says so (their database and bus answer). */
export function upstreamChecks(upstreams: Readonly<Partial<Record<string, string>>>): ReadinessChecks {
  const checks: ReadinessChecks = {};
  for (const [name, url] of Object.entries(upstreams)) {
    if (url !== undefined) checks[name] = async () => (await fetch(new URL('/ready', url), { signal: AbortSignal.timeout(1_500) })).ok;
  }
  return checks;
}

/** /health and /ready report every part of the system (as known at the time): 200 when all are up, else 503. */
export function registerHealth(app: ServiceApp, parts: () => ReadinessChecks, installation: Installation): void {
  const report = async () => {
    const { ready, checks } = await runChecks(parts());
    return { code: ready ? 200 : 503, body: { status: ready ? 'ok' : 'degraded', installation, parts: checks } };
  };
  // Orchestrators poll the probes: never rate-limited.
  for (const path of ['/health', '/ready']) {
    app.get(path, { config: { probe: true, rateLimit: false }, logLevel: 'warn' }, async (_request, reply) => {
      const { code, body } = await report();
      return reply.code(code).send(body);
    });
  }
}
