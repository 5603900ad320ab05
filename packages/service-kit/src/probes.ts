import type { FastifyInstance } from 'fastify';

export type ReadinessChecks = Record<string, () => Promise<boolean>>;
export type PartStatus = 'up' | 'down';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Probes answer without a gateway signature. */
    probe?: boolean;
  }
}

const CHECK_TIMEOUT_MS = 2_000;

async function within(check: () => Promise<boolean>): Promise<PartStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([check().catch(() => false), timeout])) ? 'up' : 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check concurrently, each bounded in time; a throwing or slow check counts as down. */
export async function runChecks(checks: ReadinessChecks): Promise<{ ready: boolean; checks: Record<string, PartStatus> }> {
  const entries = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await within(check)] as const));
  return { ready: entries.every(([, status]) => status === 'up'), checks: Object.fromEntries(entries) };
}

/** /health: the process is alive. /ready: its database and bus answer. */
export function registerProbes(app: FastifyInstance, checks: ReadinessChecks): void {
  app.get('/health', { config: { probe: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { probe: true }, logLevel: 'warn' }, async (_request, reply) => {
    const result = await runChecks(checks);
    return reply.code(result.ready ? 200 : 503).send({ status: result.ready ? 'ready' : 'not ready', checks: result.checks });
  });
}
