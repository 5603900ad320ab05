import { fileURLToPath } from 'node:url';
import type { MigrationSource } from '@ams/db';

/** The streams, events and subscription checkpoint tables; an event-sourced service applies these in its schema. */
export const eventStoreMigrations: MigrationSource = {
  name: 'event-store',
  dir: fileURLToPath(new URL('../migrations', import.meta.url)),
};
