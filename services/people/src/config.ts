import { z } from 'zod';
import { faceSettings, kafkaSettings, secretSetting } from '@ams/service-kit';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8082),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url(),
  ...kafkaSettings,
  ...faceSettings,
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET'),
  PIN_PEPPER: secretSetting('PIN_PEPPER'),
  LOG_LEVEL: z.string().default('info'),
});

export type PeopleConfig = z.infer<typeof configSchema>;

/** The people service's configuration (distributed mode), read once at start. */
export function loadPeopleConfig(env: NodeJS.ProcessEnv): PeopleConfig {
  return configSchema.parse(env);
}
