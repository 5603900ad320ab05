import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFrontend, needsBuild } from '../../frontend/scripts/ensure-build.ts';
import { prepareDatabase, spawnProduct, type ProductProcess } from '../../infra/embedded/src/testing.ts';

export { databaseTemplatesDir } from '../../infra/embedded/src/testing.ts';

export const ADMIN_EMAIL = 'e2e-admin@example.com';
export const ADMIN_PASSWORD = 'E2e-Admin-password-1!';

export interface RunningProduct {
  url: string;
  stop: () => Promise<void>;
}

/** What `pnpm start` does before the product starts: the SPA built when stale, the database template made when missing. */
export function prepareProduct(): void {
  if (needsBuild()) buildFrontend();
  prepareDatabase();
}

/** Starts the prepared product (`prepareProduct`) as `pnpm start` then does, on a data directory the caller keeps. */
export function spawnPreparedProduct(dataDir: string, readyTimeoutMs = 180_000): Promise<ProductProcess> {
  return spawnProduct({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }, readyTimeoutMs);
}

/** Starts the product the way a user does (`pnpm start`: prepared first) on a data directory the caller keeps. */
export async function startProductIn(dataDir: string, readyTimeoutMs = 180_000): Promise<ProductProcess> {
  prepareProduct();
  return spawnPreparedProduct(dataDir, readyTimeoutMs);
}

/** Starts the product the way a user does (`pnpm start`): the built SPA behind the gateway, a fresh data dir. */
export async function startProduct(): Promise<RunningProduct> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ams-e2e-'));
  const product = await startProductIn(dataDir);
  return {
    url: product.url,
    stop: async () => {
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
