import { randomBytes } from 'node:crypto';
import { copyFile, lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrate, type MigrationSource } from './migrate.ts';
import { createPool, type Pool } from './pool.ts';

export { listeningSockets, type ListeningSockets } from './listening-sockets.ts';

/**
 * An installation from before `migration` (a file name of the source named `own`): that source's migrations that
 * came before it, the other sources' in full. A data migration's test fills the old tables, then migrates on.
 */
export async function migrateBefore(url: string, schema: string, sources: readonly MigrationSource[], own: string, migration: string): Promise<void> {
  const source = sources.find((candidate) => candidate.name === own);
  if (!source) throw new Error(`no ${own} migrations`);
  const older = await mkdtemp(join(tmpdir(), `${own}-migrations-`));
  try {
    for (const file of await readdir(source.dir)) if (file < migration) await copyFile(join(source.dir, file), join(older, file));
    await migrate({ connectionString: url, schema, sources: sources.map((candidate) => (candidate === source ? { ...source, dir: older } : candidate)) });
  } finally {
    await rm(older, { recursive: true, force: true });
  }
}

export type TestBackend = 'postgres' | 'pglite';

export interface TestDatabase {
  url: string;
  backend: TestBackend;
  dispose(): Promise<void>;
}

/**
 * The backend for integration tests: `TEST_DATABASE=pglite` forces the embedded PGlite;
 * otherwise the server at DATABASE_URL when set, else PGlite.
 */
export function testBackend(): TestBackend {
  if (process.env.TEST_DATABASE === 'pglite') return 'pglite';
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/** A fresh, empty database for one test file: its own database on the server, or its own PGlite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testBackend() === 'pglite') {
    const embedded = await startEmbeddedPostgres();
    return { url: embedded.url, backend: 'pglite', dispose: () => embedded.stop() };
  }
  const serverUrl = requireServerUrl();
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    backend: 'postgres',
    dispose: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)),
  };
}

/** A test database migrated like production, with a pool on its schema; `dispose` ends the pool and drops it. */
export interface MigratedTestDatabase {
  pool: Pool;
  dispose(): Promise<void>;
}

export async function createMigratedTestDatabase(schema: string, sources: MigrationSource[], given?: TestDatabase): Promise<MigratedTestDatabase> {
  // A given database (one a test prepared, e.g. in an older schema) is migrated and disposed of alike.
  const database = given ?? (await createTestDatabase());
  await migrate({ connectionString: database.url, schema, sources });
  const pool = createPool({ connectionString: database.url, schema });
  return {
    pool,
    async dispose() {
      await pool.end();
      await database.dispose();
    },
  };
}

/** For tests that need what only a real server has (truly concurrent transactions). */
export function requireServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url || process.env.TEST_DATABASE === 'pglite') {
    throw new Error('This test needs a real PostgreSQL server: set DATABASE_URL (see README).');
  }
  return url;
}

async function onServer(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Every path under `root` (itself included) with a group or other permission bit set: what should be owner-only but is not. */
export async function looseEntries(root: string): Promise<string[]> {
  const stats = await lstat(root);
  const loose = stats.mode & 0o077 ? [root] : [];
  if (stats.isDirectory()) {
    for (const entry of await readdir(root)) loose.push(...(await looseEntries(join(root, entry))));
  }
  return loose;
}
