import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: the pool itself or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export interface PoolOptions {
  connectionString: string;
  /** The service's schema; every connection gets it first on its search_path. */
  schema?: string;
  max?: number;
  applicationName?: string;
}

// int8 (bigint, counts) as JS numbers: our positions and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
// date as the YYYY-MM-DD text it is: a JS Date would shift it by the process's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function createPool(options: PoolOptions): pg.Pool {
  const { schema } = options;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // Set per connection rather than as a startup option: PGlite ignores startup options.
    onConnect: schema
      ? async (client: pg.PoolClient) => {
          await client.query(`SET search_path TO ${pg.escapeIdentifier(schema)}, public`);
        }
      : undefined,
  } as pg.PoolConfig);
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

export async function isReachable(pool: Queryable): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
