import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

// Replicas starting together on a fresh database: both run `migrate` at the same moment.

let database: TestDatabase;
let migrationsDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  migrationsDir = await mkdtemp(join(tmpdir(), 'ams-migrations-'));
  // Slow enough that the second replica arrives while the first one migrates.
  await writeFile(
    join(migrationsDir, '0001_slow.sql'),
    '-- Up Migration\nSELECT pg_sleep(0.5);\nCREATE TABLE shifts (id int PRIMARY KEY);\n-- Down Migration\nDROP TABLE shifts;\n',
  );
});

afterAll(async () => {
  await database?.dispose();
  await rm(migrationsDir, { recursive: true, force: true });
});

const sources = () => [{ name: 'replica', dir: migrationsDir }];

describe('migrations of replicas starting together', () => {
  it('lets both succeed, one after the other, and applies each migration once', async () => {
    const results = await Promise.allSettled([
      migrate({ connectionString: database.url, schema: 'replicas', sources: sources() }),
      migrate({ connectionString: database.url, schema: 'replicas', sources: sources() }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM replicas.pgmigrations_replica');
      expect(rows[0]?.count).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('gives up with a clear error when another migration holds the lock past the bound', async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      // Hold the migration lock as a migrating replica would, through a migration that never ends.
      const stuckDir = await mkdtemp(join(tmpdir(), 'ams-migrations-'));
      await writeFile(join(stuckDir, '0001_stuck.sql'), '-- Up Migration\nSELECT pg_sleep(3);\n-- Down Migration\n');
      const stuck = migrate({ connectionString: database.url, schema: 'stuck', sources: [{ name: 'stuck', dir: stuckDir }] });
      await waitForAdvisoryLock(holder);
      await expect(migrate({ connectionString: database.url, schema: 'late', sources: sources(), lockTimeoutMs: 300 })).rejects.toThrow(
        'Gave up migrating schema "late" after waiting 0.3 s for another migration of this database to finish',
      );
      await stuck;
      await rm(stuckDir, { recursive: true, force: true });
    } finally {
      await holder.end();
    }
  });
});

async function waitForAdvisoryLock(client: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rowCount } = await client.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted");
    if (rowCount !== null && rowCount > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('No migration took the lock');
}
