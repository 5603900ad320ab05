import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createPool, migrate, startEmbeddedPostgres, type EmbeddedPostgres, type MigrationSource, type Pool, type PoolClient } from '@ams/db';

interface App {
  name: string;
  schema: string;
  sources: MigrationSource[];
}

/** Rows read and written per statement while moving a table. */
const ROWS_PER_CHUNK = 1_000;

/** An older version kept one PGlite per app here, its socket under `sockets/<app>`. */
const oldDatabaseDir = (dataDir: string, app: App) => join(dataDir, 'postgres', app.name);

/**
 * Moves the data of an older version's per-app databases (`postgres/<app>/`) into the app's schema of
 * the one database, once: the old database is migrated to the same version first, then every table's
 * rows and every sequence's value are copied in one transaction of the new database that also records
 * the move. Only after that commit does the old directory go; a start interrupted before it finds the
 * move recorded and just removes it.
 */
export async function moveOldLayout(dataDir: string, target: EmbeddedPostgres, apps: readonly App[]): Promise<void> {
  const pending = apps.filter((app) => existsSync(oldDatabaseDir(dataDir, app)));
  if (pending.length === 0) return;
  const pool = createPool({ connectionString: target.url, max: 1 });
  const client = await pool.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS public.ams_moved_databases (app text PRIMARY KEY)');
    for (const app of pending) {
      const moved = await client.query('SELECT 1 FROM public.ams_moved_databases WHERE app = $1', [app.name]);
      if (moved.rowCount === 0) await moveApp(dataDir, app, client);
      await rm(oldDatabaseDir(dataDir, app), { recursive: true, force: true });
      await rm(join(dataDir, 'sockets', app.name), { recursive: true, force: true });
    }
  } finally {
    client.release();
    await pool.end();
  }
  await removeIfEmpty(join(dataDir, 'postgres'));
  await removeIfEmpty(join(dataDir, 'sockets'));
}

async function moveApp(dataDir: string, app: App, target: PoolClient): Promise<void> {
  const old = await startEmbeddedPostgres({ dataDir: oldDatabaseDir(dataDir, app) });
  try {
    await migrate({ connectionString: old.url, schema: app.schema, sources: app.sources });
    const sourcePool = createPool({ connectionString: old.url, max: 1 });
    try {
      const source: Pool = sourcePool;
      await target.query('BEGIN');
      try {
        // As a restore does: no triggers, no foreign-key checks while the tables fill in any order.
        await target.query('SET LOCAL session_replication_role = replica');
        const tables = await tablesOf(source, app.schema);
        if (tables.length > 0) await target.query(`TRUNCATE ${tables.map((table) => table.name).join(', ')}`);
        for (const table of tables) await copyTable(source, target, table);
        await copySequences(source, target, app.schema);
        await target.query('INSERT INTO public.ams_moved_databases (app) VALUES ($1)', [app.name]);
        await target.query('COMMIT');
      } catch (error) {
        await target.query('ROLLBACK');
        throw error;
      }
    } finally {
      await sourcePool.end();
    }
  } finally {
    await old.stop();
  }
}

interface Table {
  /** Schema-qualified and quoted. */
  name: string;
  /** Quoted; generated columns left out (they are computed again). */
  columns: string[];
}

/** The app's tables with data of their own (partitions are filled through their parent), its migration histories aside. */
async function tablesOf(source: Pool, schema: string): Promise<Table[]> {
  const { rows } = await source.query<Table>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, array_agg(quote_ident(a.attname) ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname NOT LIKE 'pgmigrations%'
      GROUP BY n.nspname, c.relname ORDER BY c.relname`,
    [schema],
  );
  return rows;
}

/** Copies a table in chunks, each as JSON: every type goes through its text form and back, as a dump does. */
async function copyTable(source: Pool, target: PoolClient, table: Table): Promise<void> {
  const columns = table.columns.join(', ');
  let after = '(0,0)';
  for (;;) {
    const { rows } = await source.query<{ last: string | null; rows: string | null }>(
      `SELECT max(ctid)::text AS last, json_agg(row_to_json(chunk))::text AS rows
         FROM (SELECT ctid, ${columns} FROM ${table.name} WHERE ctid > $1::tid ORDER BY ctid LIMIT ${ROWS_PER_CHUNK}) chunk`,
      [after],
    );
    const chunk = rows[0];
    if (!chunk?.last || !chunk.rows) return;
    await target.query(
      `INSERT INTO ${table.name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${table.name}, $1::json)`,
      [chunk.rows],
    );
    after = chunk.last;
  }
}

async function copySequences(source: Pool, target: PoolClient, schema: string): Promise<void> {
  const { rows: sequences } = await source.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = $1`,
    [schema],
  );
  for (const { name } of sequences) {
    const { rows } = await source.query<{ value: string; called: boolean }>(`SELECT last_value::text AS value, is_called AS called FROM ${name}`);
    const state = rows[0];
    if (state) await target.query('SELECT setval($1::regclass, $2::bigint, $3)', [name, state.value, state.called]);
  }
}

async function removeIfEmpty(dir: string): Promise<void> {
  if (existsSync(dir) && (await readdir(dir)).length === 0) await rm(dir, { recursive: true, force: true });
}
