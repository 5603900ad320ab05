import { runner } from 'node-pg-migrate';
import pg from 'pg';

export interface MigrationSource {
  /** Short name; each source keeps its own history table (`pgmigrations_<name>`) in the schema. */
  name: string;
  dir: string;
}

export interface MigrateOptions {
  connectionString: string;
  schema: string;
  sources: MigrationSource[];
  log?: (message: string) => void;
}

/**
 * Applies every pending migration of each source, in order, inside `schema` (created when missing).
 * Sources are independent histories so that shared packages (outbox, event store) and the
 * service itself can evolve their tables without renumbering each other's files.
 */
export async function migrate(options: MigrateOptions): Promise<void> {
  const client = new pg.Client({ connectionString: options.connectionString });
  await client.connect();
  try {
    for (const source of options.sources) {
      await runner({
        dbClient: client,
        dir: source.dir,
        schema: options.schema,
        createSchema: true,
        migrationsSchema: options.schema,
        migrationsTable: `pgmigrations_${source.name}`,
        direction: 'up',
        checkOrder: true,
        ignorePattern: '(\\..*)|(.*\\.d\\.ts)',
        log: options.log ?? (() => {}),
      });
    }
  } finally {
    await client.end();
  }
}
