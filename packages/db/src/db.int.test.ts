import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPool, migrate, startEmbeddedPostgres, withTransaction, type Pool } from './index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let pool: Pool;
let migrationsDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  migrationsDir = await mkdtemp(join(tmpdir(), 'ams-migrations-'));
  await writeFile(
    join(migrationsDir, '0001_notes.sql'),
    '-- Up Migration\nCREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL);\n-- Down Migration\nDROP TABLE notes;\n',
  );
  await migrate({ connectionString: database.url, schema: 'sample', sources: [{ name: 'sample', dir: migrationsDir }] });
  pool = createPool({ connectionString: database.url, schema: 'sample', max: 4 });
});

afterAll(async () => {
  await pool?.end();
  await database?.dispose();
  await rm(migrationsDir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('creates the tables inside the service schema and finds them through the search path', async () => {
    const { rows } = await pool.query<{ schema: string }>("SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'notes'");
    expect(rows).toEqual([{ schema: 'sample' }]);
    await pool.query('INSERT INTO notes VALUES (1, $1)', ['hello']);
    expect((await pool.query('SELECT body FROM notes WHERE id = 1')).rows).toEqual([{ body: 'hello' }]);
  });

  it('applies a migration only once when run again', async () => {
    await migrate({ connectionString: database.url, schema: 'sample', sources: [{ name: 'sample', dir: migrationsDir }] });
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM pgmigrations_sample');
    expect(rows[0]?.count).toBe(1);
  });

  it('applies a migration file added since the last run, in a source beside one that is complete', async () => {
    const growingDir = await mkdtemp(join(tmpdir(), 'ams-migrations-'));
    try {
      await writeFile(join(growingDir, '0001_tags.sql'), '-- Up Migration\nCREATE TABLE tags (id int PRIMARY KEY);\n');
      const sources = [
        { name: 'sample', dir: migrationsDir },
        { name: 'growing', dir: growingDir },
      ];
      await migrate({ connectionString: database.url, schema: 'sample', sources });
      await writeFile(join(growingDir, '0002_tag_names.sql'), '-- Up Migration\nALTER TABLE tags ADD COLUMN name text;\n');
      await migrate({ connectionString: database.url, schema: 'sample', sources });
      await pool.query(`INSERT INTO tags VALUES (1, 'named')`);
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM pgmigrations_growing ORDER BY id');
      expect(rows.map((row) => row.name)).toEqual(['0001_tags', '0002_tag_names']);
    } finally {
      await rm(growingDir, { recursive: true, force: true });
    }
  });
});

describe('withTransaction', () => {
  it('commits every write when the work resolves', async () => {
    await withTransaction(pool, async (tx) => {
      await tx.query('INSERT INTO notes VALUES (10, $1), (11, $2)', ['a', 'b']);
    });
    const { rows } = await pool.query('SELECT id FROM notes WHERE id IN (10, 11) ORDER BY id');
    expect(rows).toEqual([{ id: 10 }, { id: 11 }]);
  });

  it('rolls back every write and rethrows when the work throws', async () => {
    const failure = new Error('boom');
    await expect(
      withTransaction(pool, async (tx) => {
        await tx.query('INSERT INTO notes VALUES (20, $1)', ['lost']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const { rows } = await pool.query('SELECT id FROM notes WHERE id = 20');
    expect(rows).toEqual([]);
  });
});

describe('many connections', () => {
  it("keeps each connection's statements apart while others run transactions", async () => {
    // PGlite serves every connection from one session: its socket server must not run another
    // connection's BEGIN between the Parse and the Bind of a query (pglite-server.ts keeps a batch together).
    const wide = createPool({ connectionString: database.url, max: 8 });
    try {
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          i % 2 === 0
            ? wide.query<{ value: number }>('SELECT $1::int + $2::int AS value', [i, 1]).then((r) => r.rows[0]?.value)
            : withTransaction(wide, (tx) => tx.query<{ value: string }>('SELECT $1::text AS value', [`n${i}`])).then((r) => r.rows[0]?.value),
        ),
      );
      expect(results).toEqual(Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? i + 1 : `n${i}`)));
    } finally {
      await wide.end();
    }
  });
});

describe('named statements', () => {
  it("run through every connection of a pool, prepared once per connection (unnamed on PGlite's shared session)", async () => {
    const wide = createPool({ connectionString: database.url, max: 6 });
    try {
      const statement = (i: number) => ({ name: 'db-test.sum', text: 'SELECT $1::int + 1 AS value', values: [i] });
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 3 === 0
            ? withTransaction(wide, (tx) => tx.query<{ value: number }>(statement(i))).then((r) => r.rows[0]?.value)
            : wide.query<{ value: number }>(statement(i)).then((r) => r.rows[0]?.value),
        ),
      );
      expect(results).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    } finally {
      await wide.end();
    }
  });
});

describe('embedded Postgres', () => {
  it('keeps committed data across a stop and a restart on the same data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ams-pglite-'));
    await mkdir(dataDir, { recursive: true });
    try {
      const first = await startEmbeddedPostgres({ dataDir });
      const firstPool = createPool({ connectionString: first.url });
      await firstPool.query('CREATE TABLE kept (value text)');
      await firstPool.query("INSERT INTO kept VALUES ('survives')");
      await firstPool.end();
      await first.stop();

      const second = await startEmbeddedPostgres({ dataDir });
      const secondPool = createPool({ connectionString: second.url });
      const { rows } = await secondPool.query('SELECT value FROM kept');
      await secondPool.end();
      await second.stop();
      expect(rows).toEqual([{ value: 'survives' }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
