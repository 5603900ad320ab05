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

// PGlite serves every connection from its one session, so a statement name prepared through one client
// would clash with the same name prepared through another: pools on it send statements unnamed (parsed
// each time, as PGlite's single backend would have to anyway).
const sharedSessionUrls = new Set<string>();
/** The pools made on such a URL. */
const sharedSessionPools = new WeakSet<pg.Pool>();

/** Marks a database URL whose connections share one server session (PGlite's socket server). */
export function markSharedSession(url: string): void {
  sharedSessionUrls.add(url);
}

function sendStatementsUnnamed(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown) =>
    typeof config === 'object' && config !== null && 'name' in config && 'text' in config && !('submit' in config) ? { ...config, name: undefined } : config;
  Object.assign(client, { query: (config: unknown, ...rest: unknown[]) => query(unnamed(config), ...rest) });
}

export function createPool(options: PoolOptions): pg.Pool {
  const { schema } = options;
  const sharedSession = sharedSessionUrls.has(options.connectionString);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // Set per connection rather than as a startup option: PGlite ignores startup options. pg-pool awaits this
    // hook (and fails the checkout when it rejects), though @types/pg types it as returning void.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect: async (client: pg.ClientBase) => {
      if (sharedSession) sendStatementsUnnamed(client);
      if (schema) await client.query(`SET search_path TO ${pg.escapeIdentifier(schema)}, public`);
    },
  } as pg.PoolConfig);
  if (sharedSession) sharedSessionPools.add(pool);
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** Whether the pool's connections share one server session (PGlite's socket server runs one transaction at a time). */
export function sharesOneSession(pool: pg.Pool): boolean {
  return sharedSessionPools.has(pool);
}

export async function isReachable(pool: Queryable): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
