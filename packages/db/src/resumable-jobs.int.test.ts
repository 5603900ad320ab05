import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, EVERY_SCOPE, resumableJobs, withTransaction, type Pool } from './index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let pool: Pool;
const company = '11111111-1111-4111-8111-111111111111';
const items = Array.from({ length: 5 }, (_, index) => `00000000-0000-4000-8000-00000000000${index + 1}`);
/** The items each batch handled, in order. */
const handled: string[][] = [];

const jobs = resumableJobs(
  'sample_jobs',
  async (tx, job, size) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM sample_items WHERE $1::uuid IS NULL OR id > $1 ORDER BY id LIMIT $2', [job.afterId, size]);
    handled.push(rows.map((row) => row.id));
    return rows.length < size ? null : (rows.at(-1)?.id ?? null);
  },
  2,
);

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool({ connectionString: database.url, max: 2 });
  await pool.query('CREATE TABLE sample_jobs (scope_id uuid PRIMARY KEY, after_id uuid)');
  await pool.query('CREATE TABLE sample_items (id uuid PRIMARY KEY)');
  await pool.query('INSERT INTO sample_items SELECT unnest($1::uuid[])', [items]);
});

afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

const pending = async () => (await pool.query('SELECT scope_id AS "scopeId", after_id AS "afterId" FROM sample_jobs')).rows;

describe('resumable jobs', () => {
  it('exist only once the requesting transaction commits, and are worked off in batches after a cursor', async () => {
    await withTransaction(pool, async (tx) => {
      await jobs.request(tx, company);
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(await jobs.runBatch(pool)).toBe(false);

    await withTransaction(pool, (tx) => jobs.request(tx, company));
    expect(await jobs.runBatch(pool)).toBe(true);
    expect(await pending()).toEqual([{ scopeId: company, afterId: items[1] }]);
    while (await jobs.runBatch(pool));
    expect(handled).toEqual([items.slice(0, 2), items.slice(2, 4), items.slice(4)]);
    expect(await pending()).toEqual([]);
    await jobs.waitUntilDone(pool, { timeoutMs: 100 });
  });

  it('start over when asked again midway, and key a request for everything by the nil uuid', async () => {
    handled.length = 0;
    await withTransaction(pool, (tx) => jobs.request(tx, null));
    expect(await jobs.runBatch(pool, 3)).toBe(true);
    expect(await pending()).toEqual([{ scopeId: EVERY_SCOPE, afterId: items[2] }]);
    await withTransaction(pool, (tx) => jobs.request(tx, null));
    expect(await pending()).toEqual([{ scopeId: EVERY_SCOPE, afterId: null }]);
    while (await jobs.runBatch(pool, 3));
    expect(handled).toEqual([items.slice(0, 3), items.slice(0, 3), items.slice(3)]);
  });
});
