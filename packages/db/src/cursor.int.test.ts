import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, cursorBatches, type Pool } from './index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool({ connectionString: database.url, max: 3 });
  await pool.query('CREATE TABLE numbers (n int PRIMARY KEY)');
  await pool.query('INSERT INTO numbers SELECT generate_series(1, 25)');
});

afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

const collect = async <T>(batches: AsyncIterable<T[]>): Promise<T[][]> => {
  const all: T[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
};
const sizesOf = (batches: unknown[][]) => batches.map((batch) => batch.length);

describe('cursor batches', () => {
  it('hand over one query’s rows in order, a smaller first batch then full ones, with its parameters bound', async () => {
    const batches = await collect(cursorBatches<{ n: number }>(pool, 'SELECT n FROM numbers WHERE n > $1 ORDER BY n', [2], { first: 3, next: 10 }));
    expect(sizesOf(batches)).toEqual([3, 10, 10]);
    expect(batches.flat().map((row) => row.n)).toEqual(Array.from({ length: 23 }, (_, index) => index + 3));
  });

  it('let other connections write between batches, and read from the snapshot their query started with', async () => {
    const seen: number[] = [];
    let batch = 0;
    for await (const rows of cursorBatches<{ n: number }>(pool, 'SELECT n FROM numbers ORDER BY n', [], { first: 5, next: 5 })) {
      seen.push(...rows.map((row) => row.n));
      batch += 1;
      // Through another connection of the pool while the cursor is open: it must neither wait nor be seen.
      if (batch === 1) await pool.query('INSERT INTO numbers VALUES (26)');
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    await pool.query('DELETE FROM numbers WHERE n = 26');
  });

  it('end the cursor when the reader stops early, leaving the connections usable', async () => {
    for (let run = 0; run < 5; run += 1) {
      for await (const rows of cursorBatches<{ n: number }>(pool, 'SELECT n FROM numbers ORDER BY n', [], { first: 2, next: 2 })) {
        expect(rows).toHaveLength(2);
        break;
      }
    }
    const { rows } = await pool.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_cursors');
    expect(rows[0]?.open).toBe(0);
    expect(pool.totalCount).toBeLessThanOrEqual(3);
  });

  it('fail with the query’s error, and the pool goes on serving', async () => {
    await expect(collect(cursorBatches(pool, 'SELECT n / 0 FROM numbers', [], { first: 2, next: 2 }))).rejects.toThrow(/division by zero/);
    expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM numbers')).rows[0]?.n).toBe(25);
  });
});
