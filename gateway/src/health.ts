import { upstreamServices } from '@ams/contracts';
import { runChecks, type ReadinessChecks, type ServiceApp } from '@ams/service-kit';
import type { Installation } from './installation.ts';
import type { UpstreamAddresses } from './proxy/upstream-pool.ts';

const READY_TIMEOUT_MS = 1_500;

async function answersReady(url: string): Promise<boolean> {
  const response = await fetch(new URL('/ready', url), { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
  await response.body?.cancel();
  return response.ok;
}

/** A service is up when one of its replicas says it is ready (its database answers). */
export function upstreamChecks(upstreams: UpstreamAddresses): ReadinessChecks {
  const checks: ReadinessChecks = {};
  for (const service of upstreamServices) {
    const value = upstreams[service];
    if (value === undefined) continue;
    const replicas = typeof value === 'string' ? [value] : value;
    checks[service] = async () => (await Promise.all(replicas.map((url) => answersReady(url).catch(() => false)))).some(Boolean);
  }
  return checks;
}

/**
 * /health and /ready report every part of the system (as known at the time). They answer 503 only
 * when this gateway cannot serve (its own database is down): a lost bus or service is reported as
 * 'degraded' with 200, so a load balancer does not pull gateways that still serve everything else.
 */
export function registerHealth(app: ServiceApp, own: ReadinessChecks, parts: () => ReadinessChecks, installation: Installation): void {
  const report = async () => {
    const [self, others] = await Promise.all([runChecks(own), runChecks(parts())]);
    const status = self.ready && others.ready ? 'ok' : 'degraded';
    return { code: self.ready ? 200 : 503, body: { status, installation, parts: { ...self.checks, ...others.checks } } };
  };
  // Orchestrators poll the probes: never rate-limited.
  for (const path of ['/health', '/ready']) {
    app.get(path, { config: { probe: true, rateLimit: false }, logLevel: 'warn' }, async (_request, reply) => {
      const { code, body } = await report();
      return reply.code(code).send(body);
    });
  }
}
