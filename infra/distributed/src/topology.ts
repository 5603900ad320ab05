import { fileURLToPath } from 'node:url';
import { upstreamServices, type UpstreamService } from '@ams/contracts';
import type { Secrets } from '@ams/embedded/secrets';

export type AppName = UpstreamService | 'gateway';

/** The services first, in the compose file's port order, then the gateway in front of them. */
export const appNames: readonly AppName[] = [...upstreamServices, 'gateway'];

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The app's package folder: where its `start` script runs. */
export function appDir(app: AppName): string {
  return app === 'gateway' ? `${repoRoot}gateway` : `${repoRoot}services/${app}`;
}

/** The secrets each app reads, by their environment names (a service gets only its own). */
export function secretEnv(app: AppName, secrets: Secrets): Record<string, string> {
  return {
    INTERNAL_SECRET: secrets.internal,
    ...(app === 'gateway' || app === 'identity' ? { JWT_SECRET: secrets.jwt } : {}),
    ...(app === 'people' || app === 'attendance' ? { PIN_PEPPER: secrets.pinPepper } : {}),
    ...(app === 'attendance' ? { CLOCK_TICKET_SECRET: secrets.clockTicket } : {}),
  };
}

/** One running copy of an app: `attendance`, or `attendance-2` for its second replica. */
export interface Instance {
  name: string;
  app: AppName;
  port: number;
}

/**
 * Every instance with its port: the gateway on `gatewayPort`, then each service and its replicas on the ports
 * `portOf` hands out in order.
 */
export function planInstances(options: {
  gatewayPort: number;
  replicas: Partial<Record<UpstreamService, number>>;
  portOf: (index: number) => number;
}): Instance[] {
  const services = upstreamServices.flatMap((app) =>
    Array.from({ length: options.replicas[app] ?? 1 }, (_, replica) => ({ name: replica === 0 ? app : `${app}-${replica + 1}`, app })),
  );
  return [...services.map((instance, index) => ({ ...instance, port: options.portOf(index) })), { name: 'gateway', app: 'gateway', port: options.gatewayPort }];
}

/** The gateway's UPSTREAMS: each service's replicas separated by `|`. */
export function upstreamsOf(instances: readonly Instance[], host: string): string {
  return upstreamServices
    .map(
      (service) =>
        `${service}=${instances
          .filter((instance) => instance.app === service)
          .map((instance) => `http://${host}:${instance.port}`)
          .join('|')}`,
    )
    .join(',');
}
