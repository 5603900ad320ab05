import { fileURLToPath } from 'node:url';
import { kafkaSettings, perServiceSetting, secretSetting } from '@ams/service-kit';
import { z } from 'zod';
import { kioskLimitSettings } from './kiosk-limits.ts';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url(),
  ...kafkaSettings,
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET'),
  /** The secret identity signs access tokens with (HS256). */
  JWT_SECRET: secretSetting('JWT_SECRET'),
  /**
   * Comma-separated `name=url` pairs of the services behind the gateway; a service with several
   * replicas lists their URLs separated by `|` (`attendance=http://a1:3005|http://a2:3005`).
   */
  UPSTREAMS: perServiceSetting(
    z
      .string()
      .transform((urls) => urls.split('|').map((url) => url.trim()))
      .pipe(z.array(z.url()).min(1)),
  ),
  /**
   * How long a replica trusts a session it read from the shared projection. Only the replica that applied
   * identity's event forgets the session at once; the others see a disabled user or a role change this late.
   */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** `true` when a reverse proxy in front sets X-Forwarded-For (the client address for rate limits and audit). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.string().default('info'),
  ...kioskLimitSettings,
  /** The built web app to serve; the API alone when it does not exist. */
  SPA_DIR: z.string().default(fileURLToPath(new URL('../../frontend/dist', import.meta.url))),
});

export type GatewayConfig = z.infer<typeof configSchema>;

/** The distributed gateway's configuration, read once at start. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  return configSchema.parse(env);
}
