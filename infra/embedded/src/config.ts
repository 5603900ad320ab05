import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { optionalSetting } from '@ams/service-kit';
import { givenSecretSettings } from './secrets.ts';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data').transform((dir) => resolve(dir)),
  LOG_LEVEL: z.string().default('info'),
  /** The built front end the gateway serves (`pnpm --filter frontend build` makes it). */
  SPA_DIR: z
    .string()
    .default(fileURLToPath(new URL('../../../frontend/dist', import.meta.url)))
    .transform((dir) => resolve(dir)),
  /** The first SuperAdmin; without a password one is generated and printed once. */
  ADMIN_EMAIL: optionalSetting,
  ADMIN_PASSWORD: optionalSetting,
  /** Optional: otherwise generated on first start and kept in DATA_DIR/secrets.json. */
  ...givenSecretSettings,
});

export type EmbeddedConfig = z.infer<typeof configSchema>;

/** The embedded mode's configuration, read once at start. */
export function loadEmbeddedConfig(env: NodeJS.ProcessEnv): EmbeddedConfig {
  return configSchema.parse(env);
}
