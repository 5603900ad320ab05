import type { Bus } from '@ams/bus';
import { isReachable, type Pool } from '@ams/db';
import { buildService, type ServiceApp } from '@ams/service-kit';
import { registerHealth, upstreamChecks } from './health.ts';
import { loadInstallation } from './installation.ts';

export interface GatewayDependencies {
  pool: Pool;
  bus: Bus;
  /** Service name → base URL of the service. */
  upstreams: Record<string, string>;
  logLevel?: string;
}

/** The single public entry: builds the app, never listens (server.ts and the launcher do). */
export async function buildGateway(deps: GatewayDependencies): Promise<ServiceApp> {
  const app = buildService({ name: 'gateway', logLevel: deps.logLevel, gatewaySecret: false, standardProbes: false });
  const installation = await loadInstallation(deps.pool);
  registerHealth(
    app,
    {
      database: () => isReachable(deps.pool),
      bus: () => deps.bus.isReady(),
      ...upstreamChecks(deps.upstreams),
    },
    installation,
  );
  return app;
}
