import type { FastifyInstance } from 'fastify';

import { isReachable, type Pool } from '@ams/db';
import type { Bus } from '@ams/bus';

export type ReadinessChecks = Record<string, () => Promise<boolean>>;
export type PartStatus = 'up' | 'down';
/** A part the service serves without (the bus): reported, but never a reason to stop sending it requests. */
export type DegradablePartStatus = 'up' | 'degraded';

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

/**
 * A service's parts: it is ready when its database answers; its bus may be away (events wait in the
 * outbox, consumers catch up when they rejoin) and is reported as degraded meanwhile.
 */
export function databaseAndBusProbes(pool: Pool, bus: Bus): { readiness: ReadinessChecks; degradable: ReadinessChecks } {
  return { readiness: { database: () => isReachable(pool) }, degradable: { bus: () => bus.isReady() } };
}

/**
 * /health: the process is alive. /ready: 200 while every `checks` part answers, with status 'degraded'
 * (still 200) when a `degradable` part does not; 503 'not ready' otherwise.
 */
export function registerProbes(app: FastifyInstance, checks: ReadinessChecks, degradable: ReadinessChecks = {}): void {
  app.get('/health', { config: { probe: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { probe: true }, logLevel: 'warn' }, async (_request, reply) => {
    const [required, optional] = await Promise.all([runChecks(checks), runChecks(degradable)]);
    const degraded = Object.fromEntries(
      Object.entries(optional.checks).map(([name, status]): [string, DegradablePartStatus] => [name, status === 'up' ? 'up' : 'degraded']),
    );
    const status = !required.ready ? 'not ready' : optional.ready ? 'ready' : 'degraded';
    return reply.code(required.ready ? 200 : 503).send({ status, checks: { ...required.checks, ...degraded } });
  });
}
