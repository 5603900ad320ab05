import { fileURLToPath } from 'node:url';
import type { MigrationSource } from '@ams/db';

/** The outbox and inbox tables; every service that publishes or consumes applies these in its schema. */
export const busMigrations: MigrationSource = {
  name: 'bus',
  dir: fileURLToPath(new URL('../migrations', import.meta.url)),
};
