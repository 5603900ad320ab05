import { resolve } from 'node:path';
import { z } from 'zod';
import { optionalSetting } from '@ams/service-kit';
import { givenSecretSettings } from './secrets.ts';

/**
 * What both launchers (`pnpm start` and `pnpm start:distributed`) take: where the gateway listens, where data and
 * generated secrets are kept, the first SuperAdmin, and secrets given instead of generated.
 */
export function launcherSettings(defaultDataDir: string) {
  return {
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    /** Generated secrets are kept in DATA_DIR/secrets.json, so PIN hashes and sessions outlive a restart. */
    DATA_DIR: z
      .string()
      .default(defaultDataDir)
      .transform((dir) => resolve(dir)),
    LOG_LEVEL: z.string().default('info'),
    /** The first SuperAdmin; without a password one is generated and printed once. */
    ADMIN_EMAIL: optionalSetting,
    ADMIN_PASSWORD: optionalSetting,
    ...givenSecretSettings,
  };
}
