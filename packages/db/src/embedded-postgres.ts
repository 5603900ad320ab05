import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { createDatabase, INITDB_SETTINGS } from './new-database.ts';
import { ownerOnlyDir, restrictToOwner } from './owner-only.ts';
import { servePGlite } from './pglite-server.ts';
import { markSharedSession } from './pool.ts';
import { socketLocation } from './unix-socket.ts';

export interface EmbeddedPostgresOptions {
  /** Where the database files live, kept owner-only; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * The owner-only directory of the database's Unix socket, used by no other server. Omitted, or too
   * long for a socket address, means a fresh owner-only directory under the OS temp dir.
   */
  socketDir?: string;
  maxConnections?: number;
  /**
   * Apps sharing the database, each as a role owning the schema of its name: a connection that logs in
   * as one (`urlOf(app)`) runs as that role with its schema first on the search path, so it neither
   * reads nor writes another app's schema.
   */
  apps?: readonly string[];
  /** Where an empty database is kept to copy new ones from (see `createDatabase`); omitted, each runs initdb. */
  templatesDir?: string;
}

export interface EmbeddedPostgres {
  /** A `postgres://` URL that `pg` connects to unchanged: its host is the socket's directory. */
  url: string;
  /** The URL an app of `apps` connects with: its own role and schema. */
  urlOf(app: string): string;
  /** The Unix socket the database is served on; there is no TCP port. */
  socketPath: string;
  stop(): Promise<void>;
}

/**
 * PGlite (Postgres compiled to WASM) served on a Unix socket. PGlite accepts any user and password,
 * so the socket's owner-only directory is what keeps other local users and processes out (a TCP
 * port, even on loopback, would let any of them in). It is one Postgres backend: connections are
 * multiplexed and one transaction runs at a time for the whole database, so never hold a
 * transaction open while awaiting a query on another connection (of any app sharing it).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (options.dataDir) {
    await ownerOnlyDir(options.dataDir);
    if (!existsSync(join(options.dataDir, 'PG_VERSION')))
      await createDatabase(options.dataDir, { settings: INITDB_SETTINGS, templatesDir: options.templatesDir });
  }
  // pg_trgm: substring search on an index (the employee quick search), as the server's contrib has it.
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { pg_trgm },
    initDbStartParams: [...INITDB_SETTINGS],
  });
  const cleanups: Array<() => Promise<void>> = [() => db.close()];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    if (options.dataDir) await restrictToOwner(options.dataDir);
    const apps = new Set(options.apps ?? []);
    for (const app of apps) await db.exec(appRoleSql(app));
    const socket = await socketLocation(options.socketDir);
    cleanups.push(() => socket.release());
    const server = await servePGlite({
      db,
      path: socket.path,
      // Connections cost a socket each (they share PGlite's one session): room for every app's whole pool.
      maxConnections: options.maxConnections ?? 64 * Math.max(1, apps.size),
      ...(apps.size > 0 ? { sessionFor: (user: string) => sessionSql(apps.has(user) ? user : null) } : {}),
    });
    cleanups.push(() => server.stop());
    // Defence in depth: the directory already keeps others out; the socket file's mode followed the umask.
    await chmod(socket.path, 0o600);
    return { ...embeddedUrls(socket.dir, apps), socketPath: socket.path, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/**
 * The URLs of a database served in `socketDir`, marked as one shared session for this thread's pools (the
 * mark lives in the thread that makes the pools, wherever the database runs).
 */
export function embeddedUrls(socketDir: string, apps: ReadonlySet<string>): Pick<EmbeddedPostgres, 'url' | 'urlOf'> {
  const urlOf = (user: string) => {
    const url = `postgres://${encodeURIComponent(user)}@${encodeURIComponent(socketDir)}/postgres`;
    markSharedSession(url);
    return url;
  };
  return {
    url: urlOf('postgres'),
    urlOf(app) {
      if (!apps.has(app)) throw new Error(`${app} is not an app of this database`);
      return urlOf(app);
    },
  };
}

/**
 * The app's role and the schema it owns, made once. The role may create in the database (its
 * migrations' trusted extensions, e.g. pg_trgm, need that) but has no right on other apps' schemas.
 */
function appRoleSql(app: string): string {
  const role = pg.escapeIdentifier(app);
  return `DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${pg.escapeLiteral(app)}) THEN CREATE ROLE ${role} NOLOGIN; END IF;
    END $$;
    CREATE SCHEMA IF NOT EXISTS ${role} AUTHORIZATION ${role};
    GRANT CREATE ON DATABASE postgres TO ${role};`;
}

/** The shared session as an app's connections need it (null: the superuser's, for set-up and tools). */
function sessionSql(app: string | null): string {
  return app === null
    ? 'RESET ROLE; SET search_path TO public'
    : `SET ROLE ${pg.escapeIdentifier(app)}; SET search_path TO ${pg.escapeIdentifier(app)}, public`;
}
