import { upstreamServices, type UpstreamService } from '@ams/contracts';
import { z } from 'zod';

const upstreamName = z.enum(upstreamServices);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url(),
  KAFKA_BROKERS: z.string().min(1).transform((value) => value.split(',').map((broker) => broker.trim())),
  INTERNAL_SECRET: z.string().min(32, 'INTERNAL_SECRET must be at least 32 characters'),
  /** The secret identity signs access tokens with (HS256). */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
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
});

export type GatewayConfig = z.infer<typeof configSchema>;

/** The distributed gateway's configuration, read once at start. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return configSchema.parse(env);
}
