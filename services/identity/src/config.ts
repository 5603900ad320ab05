import { z } from 'zod';
import { kafkaSettings, optionalSetting, secretSetting } from '@ams/service-kit';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8081),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url(),
  ...kafkaSettings,
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET'),
  JWT_SECRET: secretSetting('JWT_SECRET'),
  ADMIN_EMAIL: optionalSetting,
  ADMIN_PASSWORD: optionalSetting,
  LOG_LEVEL: z.string().default('info'),
});

export type IdentityConfig = z.infer<typeof configSchema>;

/** The identity service's configuration (distributed mode), read once at start. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  return configSchema.parse(env);
}
