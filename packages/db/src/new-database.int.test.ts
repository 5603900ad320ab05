import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, startEmbeddedPostgres } from './index.ts';
import { createDatabase } from './new-database.ts';

const SETTINGS = ['--wal-segsize=1'];
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'ams-new-database-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Runs `sql` on a database kept in `dataDir` and returns the first row's `value`. */
async function valueIn(dataDir: string, sql: string): Promise<unknown> {
  const embedded = await startEmbeddedPostgres({ dataDir });
  const pool = createPool({ connectionString: embedded.url, max: 1 });
  try {
    return (await pool.query<{ value: unknown }>(sql)).rows[0]?.value;
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

describe('a new embedded database', () => {
  it('is a copy of a template made once per PGlite build and settings, each copy a database of its own', async () => {
    const templatesDir = join(scratch, 'templates');
    const first = join(scratch, 'first');
    const second = join(scratch, 'second');
    await createDatabase(first, { settings: SETTINGS, templatesDir });
    const templates = await readdir(templatesDir);
    expect(templates).toEqual([expect.stringMatching(/^pglite-\d+\.\d+\.\d+-[0-9a-f]{12}$/)]);
    const madeAt = (await stat(join(templatesDir, templates[0] ?? '', 'PG_VERSION'))).mtimeMs;

    await createDatabase(second, { settings: SETTINGS, templatesDir });
    // Copied, not made again: the one template is the one of the first database.
    expect(await readdir(templatesDir)).toEqual(templates);
    expect((await stat(join(templatesDir, templates[0] ?? '', 'PG_VERSION'))).mtimeMs).toBe(madeAt);

    await valueIn(first, 'CREATE TABLE only_here (id int)');
    expect(await valueIn(first, `SELECT to_regclass('only_here') IS NOT NULL AS value`)).toBe(true);
    expect(await valueIn(second, `SELECT to_regclass('only_here') IS NOT NULL AS value`)).toBe(false);
    expect(await valueIn(second, `SELECT setting AS value FROM pg_settings WHERE name = 'wal_segment_size'`)).toBe('1048576');
  }, 120_000);

  it('is made from another template when the settings differ', async () => {
    const templatesDir = join(scratch, 'settings');
    await createDatabase(join(scratch, 'small-wal'), { settings: SETTINGS, templatesDir });
    await createDatabase(join(scratch, 'default-wal'), { settings: [], templatesDir });
    expect(await readdir(templatesDir)).toHaveLength(2);
    expect(await valueIn(join(scratch, 'default-wal'), `SELECT setting AS value FROM pg_settings WHERE name = 'wal_segment_size'`)).toBe('16777216');
  }, 120_000);

  it("removes an older PGlite build's template when it makes this build's", async () => {
    const templatesDir = join(scratch, 'upgraded');
    const older = join(templatesDir, 'pglite-0.0.1-0123456789ab');
    await mkdir(older, { recursive: true });
    await writeFile(join(older, 'PG_VERSION'), '16\n');
    await createDatabase(join(scratch, 'after-upgrade'), { settings: SETTINGS, templatesDir });
    expect(await readdir(templatesDir)).toEqual([expect.stringMatching(/^pglite-\d+\.\d+\.\d+-[0-9a-f]{12}$/)]);
    expect(existsSync(older)).toBe(false);
  }, 120_000);

  it('runs initdb in place when no template can be kept there', async () => {
    const notADirectory = join(scratch, 'a-file');
    await writeFile(notADirectory, '');
    const dataDir = join(scratch, 'without-template');
    await createDatabase(dataDir, { settings: SETTINGS, templatesDir: join(notADirectory, 'templates') });
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(await valueIn(dataDir, 'SELECT 1 AS value')).toBe(1);
  }, 120_000);
});
