import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { kioskLimitSettings } from '@ams/gateway';
import { faceSettings } from '@ams/service-kit';
import { launcherSettings } from './launcher-settings.ts';

const configSchema = z.object({
  ...launcherSettings('./data'),
  ...faceSettings,
  ...kioskLimitSettings,
  /** The built front end the gateway serves (`pnpm --filter frontend build` makes it). */
  SPA_DIR: z
    .string()
    .default(fileURLToPath(new URL('../../../frontend/dist', import.meta.url)))
    .transform((dir) => resolve(dir)),
  /** Where the embedded database runs: its own thread (default), or `inline` on the services' event loop. */
  DATABASE_THREAD: z.enum(['worker', 'inline']).default('worker'),
});

export type EmbeddedConfig = z.infer<typeof configSchema>;

/** The embedded mode's configuration, read once at start. */
export function loadEmbeddedConfig(env: NodeJS.ProcessEnv): EmbeddedConfig {
  return configSchema.parse(env);
}
