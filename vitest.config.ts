import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Integration tiers run against the real PostgreSQL server (DATABASE_URL, defaulting to the
// local one every build machine has) and, for the storage packages, also against embedded PGlite.
const serverDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const storagePackages = ['packages/db/**/*.int.test.ts', 'packages/event-store/**/*.int.test.ts'];
/** Reporting's batched intake: on PGlite one transaction holds the whole product, so its batches are checked there too. */
const embeddedIntake = ['services/reporting/src/projections/batch-projection.int.test.ts'];
/** The SPA's own import prefix (`@/lib/…`), as its Vite build resolves it; scoped packages (`@ams/…`) are not matched. */
const spaAlias = [{ find: '@', replacement: fileURLToPath(new URL('./frontend/src', import.meta.url)) }];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        resolve: { alias: spaAlias },
        test: { name: 'unit', include: ['**/*.unit.test.ts'], exclude: ['**/node_modules/**'], setupFiles: ['frontend/src/testing/memory-local-storage.ts'] },
      },
      {
        // The SPA's components in happy-dom, against the mock API's handlers (frontend/src/testing/mock-api).
        extends: true,
        resolve: { alias: spaAlias },
        test: {
          name: 'component',
          include: ['frontend/src/**/*.component.test.tsx'],
          exclude: ['**/node_modules/**'],
          environment: 'happy-dom',
          setupFiles: ['frontend/src/testing/component-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int-pg',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          env: { DATABASE_URL: serverDatabaseUrl, TEST_DATABASE: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'int-pglite',
          include: [...storagePackages, ...embeddedIntake],
          // Truly concurrent transactions exist only on a server; PGlite runs one at a time.
          exclude: ['**/node_modules/**', '**/*.concurrency.int.test.ts'],
          env: { TEST_DATABASE: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          // Real Chromium against the product started as a user starts it (see e2e/support).
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          // After the other tiers: Chromium and a whole product on 2 cores would skew their timing-sensitive tests.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
