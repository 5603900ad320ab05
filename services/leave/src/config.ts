import { z } from 'zod';
import { kafkaSettings, secretSetting } from '@ams/service-kit';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8084),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url(),
  ...kafkaSettings,
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET'),
  LOG_LEVEL: z.string().default('info'),
});

export type LeaveConfig = z.infer<typeof configSchema>;

/** The leave service's configuration (distributed mode), read once at start. */
export function loadLeaveConfig(env: NodeJS.ProcessEnv): LeaveConfig {
  return configSchema.parse(env);
}
