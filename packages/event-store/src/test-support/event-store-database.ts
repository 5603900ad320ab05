import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { eventStoreMigrations } from '../migrations.ts';

export interface EventStoreDatabase {
  pool: Pool;
  /** Where another pool (another process's, say) connects to the same database; its schema is `schema`. */
  url: string;
  schema: string;
  backend: 'postgres' | 'pglite';
  dispose(): Promise<void>;
}

/** A fresh database (server or PGlite, by the test project) with the event store migrated into `schema`. */
export async function createEventStoreDatabase(schema = 'event_store_test', max = 4): Promise<EventStoreDatabase> {
  const database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema, sources: [eventStoreMigrations] });
  const pool = createPool({ connectionString: database.url, schema, max });
  return {
    pool,
    url: database.url,
    schema,
    backend: database.backend,
    async dispose() {
      await pool.end();
      await database.dispose();
    },
  };
}
