import { readdir } from 'node:fs/promises';
import { basename, extname } from 'node:path';
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
/** Files node-pg-migrate skips in a migrations directory (anchored by it, as here). */
const IGNORED_FILES = '(\\..*)|(.*\\.d\\.ts)';
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
    // Most starts find nothing to do: one look at the histories instead of node-pg-migrate's round trips per source.
    const pending = await sourcesWithPendingMigrations(client, options.schema, options.sources);
    if (pending.length === 0) return;
    await takeMigrationLock(client, options.schema, options.lockTimeoutMs ?? 120_000);
    for (const source of pending) {
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

        ignorePattern: IGNORED_FILES,
        log: options.log ?? (() => {}),
      });
    }
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

/**
 * The sources whose history (`pgmigrations_<name>`) is not exactly their migration files (named as node-pg-migrate
 * names a migration: the file name without its extension), so node-pg-migrate has work, or an error, for them.
 * Read without the lock: another process can only complete a history, so one found complete stays so; one
 * found behind is migrated under the lock.
 */
async function sourcesWithPendingMigrations(client: pg.Client, schema: string, sources: MigrationSource[]): Promise<MigrationSource[]> {
  const tables = await client.query<{ table: string }>(
    `SELECT relname AS table FROM pg_class WHERE relnamespace = to_regnamespace($1) AND relkind IN ('r', 'p') AND relname LIKE 'pgmigrations\\_%'`,
    [schema],
  );
  const existing = new Set(tables.rows.map((row) => row.table));
  const histories = sources
    .filter((source) => existing.has(`pgmigrations_${source.name}`))
    .map(
      (source) =>
        `SELECT ${pg.escapeLiteral(source.name)} AS source, name FROM ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(`pgmigrations_${source.name}`)}`,
    );
  const applied = histories.length > 0 ? (await client.query<{ source: string; name: string }>(histories.join(' UNION ALL '))).rows : [];
  const ignored = new RegExp(`^${IGNORED_FILES}$`);
  const pending: MigrationSource[] = [];
  for (const source of sources) {
    const files = (await readdir(source.dir, { withFileTypes: true })).filter((entry) => !entry.isDirectory() && !ignored.test(entry.name));
    const names = new Set(applied.filter((row) => row.source === source.name).map((row) => row.name));
    const complete = names.size === files.length && files.every((file) => names.has(basename(file.name, extname(file.name))));
    if (!complete) pending.push(source);
  }
  return pending;
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
