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
  /** How long to wait for another process's migration to finish before giving up (default 2 minutes). */
  lockTimeoutMs?: number;
}

/** One lock per database: replicas (and services sharing a database) migrate one after another. */
const MIGRATION_LOCK = 4_215_310_927;
const LOCK_NOT_AVAILABLE = '55P03';

export class MigrationLockTimeoutError extends Error {
  constructor(schema: string, waitedMs: number) {
    super(`Gave up migrating schema "${schema}" after waiting ${Number((waitedMs / 1000).toFixed(1))} s for another migration of this database to finish`);
    this.name = 'MigrationLockTimeoutError';
  }
}

/**
 * Applies every pending migration of each source, in order, inside `schema` (created when missing).
 * Sources are independent histories so that shared packages (outbox, event store) and the
 * service itself can evolve their tables without renumbering each other's files.
 * Replicas starting together take turns: each waits for the database's migration lock (bounded by
 * `lockTimeoutMs`), and the later ones find nothing left to do.
 */
export async function migrate(options: MigrateOptions): Promise<void> {
  const client = new pg.Client({ connectionString: options.connectionString });
  await client.connect();
  try {
    await takeMigrationLock(client, options.schema, options.lockTimeoutMs ?? 120_000);
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
        noLock: true, // ours is held: node-pg-migrate's own lock fails at once instead of waiting

        ignorePattern: '(\\..*)|(.*\\.d\\.ts)',
        log: options.log ?? (() => {}),
      });
    }
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

async function takeMigrationLock(client: pg.Client, schema: string, timeoutMs: number): Promise<void> {
  await client.query(`SELECT set_config('lock_timeout', $1, false)`, [`${timeoutMs}ms`]);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new MigrationLockTimeoutError(schema, timeoutMs);
    throw error;
  } finally {
    await client.query('RESET lock_timeout');
  }
}
