import { z } from 'zod';
import { kafkaSettings, secretSetting } from '@ams/service-kit';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8086),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url(),
  ...kafkaSettings,
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET'),
  LOG_LEVEL: z.string().default('info'),
});

export type ReportingConfig = z.infer<typeof configSchema>;

/** The reporting service's configuration (distributed mode), read once at start. */
export function loadReportingConfig(env: NodeJS.ProcessEnv): ReportingConfig {
  return configSchema.parse(env);
}
