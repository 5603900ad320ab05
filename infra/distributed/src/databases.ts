import pg from 'pg';
import type { AppName } from './topology.ts';

/**
 * Creates the apps' databases on the PostgreSQL server `adminUrl` points at (any database there), those missing
 * only, and returns each app's connection string: the same server and credentials, its own database.
 */
export async function ensureDatabases(adminUrl: string, apps: readonly AppName[], prefix: string): Promise<Record<AppName, string>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const urls: Partial<Record<AppName, string>> = {};
    for (const app of apps) {
      const name = `${prefix}${app}`;
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      // CREATE DATABASE takes no parameters; the name is ours (prefix checked by the caller, app from the topology).
      if (rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      urls[app] = url.toString();
    }
    return urls as Record<AppName, string>;
  } finally {
    await client.end();
  }
}

/** Drops the apps' databases (tests' throw-away installs), closing what still holds them. */
export async function dropDatabases(adminUrl: string, apps: readonly AppName[], prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const app of apps) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(`${prefix}${app}`)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
