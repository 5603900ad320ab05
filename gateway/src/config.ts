import { upstreamServices, type UpstreamService } from '@ams/contracts';
import { fileURLToPath } from 'node:url';
import { secretSetting } from '@ams/service-kit';
import { z } from 'zod';

const upstreamName = z.enum(upstreamServices);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url(),
  KAFKA_BROKERS: z.string().min(1).transform((value) => value.split(',').map((broker) => broker.trim())),
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET'),
  /** The secret identity signs access tokens with (HS256). */
  JWT_SECRET: secretSetting('JWT_SECRET'),
  /** Comma-separated `name=url` pairs of the services behind the gateway. */
  UPSTREAMS: z
    .string()
    .default('')
    .transform((value) => value.split(',').filter(Boolean).map((pair) => pair.split('=').map((part) => part.trim())))
    .pipe(z.array(z.tuple([upstreamName, z.url()])))
    .transform((pairs): Partial<Record<UpstreamService, string>> => Object.fromEntries(pairs)),
  /** `true` when a reverse proxy in front sets X-Forwarded-For (the client address for rate limits and audit). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  LOG_LEVEL: z.string().default('info'),
  /** The built web app to serve; the API alone when it does not exist. */
  SPA_DIR: z.string().default(fileURLToPath(new URL('../../frontend/dist', import.meta.url))),
});

export type GatewayConfig = z.infer<typeof configSchema>;

/** The distributed gateway's configuration, read once at start. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return configSchema.parse(env);
}
