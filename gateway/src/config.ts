import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url(),
  KAFKA_BROKERS: z.string().min(1).transform((value) => value.split(',').map((broker) => broker.trim())),
  INTERNAL_SECRET: z.string().min(32, 'INTERNAL_SECRET must be at least 32 characters'),
  /** Comma-separated `name=url` pairs of the services behind the gateway. */
  UPSTREAMS: z
    .string()
    .default('')
    .transform((value) =>
      Object.fromEntries(
        value
          .split(',')
          .filter(Boolean)
          .map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]),
      ),
    ),
  LOG_LEVEL: z.string().default('info'),
});

export type GatewayConfig = z.infer<typeof configSchema>;

/** The distributed gateway's configuration, read once at start. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return configSchema.parse(env);
}
