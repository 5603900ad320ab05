import { z } from 'zod';
import { faceSettings, kafkaSettings, secretSetting } from '@ams/service-kit';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8085),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url(),
  ...kafkaSettings,
  ...faceSettings,
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET'),
  /** The same pepper people hashes PINs with. */
  PIN_PEPPER: secretSetting('PIN_PEPPER'),
  /** Signs the short-lived clock tickets kiosks get after identifying someone. */
  CLOCK_TICKET_SECRET: secretSetting('CLOCK_TICKET_SECRET'),
  LOG_LEVEL: z.string().default('info'),
});

export type AttendanceConfig = z.infer<typeof configSchema>;

/** The attendance service's configuration (distributed mode), read once at start. */
export function loadAttendanceConfig(env: NodeJS.ProcessEnv): AttendanceConfig {
  return configSchema.parse(env);
}
