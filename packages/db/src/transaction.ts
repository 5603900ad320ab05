import type pg from 'pg';

export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

/**
 * Runs `work` in one transaction on a dedicated client: commit when it resolves,
 * rollback when it throws (the error is rethrown unchanged).
 */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, options: { isolation?: IsolationLevel } = {}): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(options.isolation ? `BEGIN ISOLATION LEVEL ${options.isolation}` : 'BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    // A client whose rollback failed is in an unknown state: destroy it rather than reuse it.
    client.release(broken);
  }
}
