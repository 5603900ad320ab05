import { chmod } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ownerOnlyDir, restrictToOwner } from './owner-only.ts';
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
}

export interface EmbeddedPostgres {
  /** A `postgres://` URL that `pg` connects to unchanged: its host is the socket's directory. */
  url: string;
  /** The Unix socket the database is served on; there is no TCP port. */
  socketPath: string;
  stop(): Promise<void>;
}

/**
 * PGlite (Postgres compiled to WASM) served on a Unix socket. PGlite accepts any user and password,
 * so the socket's owner-only directory is what keeps other local users and processes out (a TCP
 * port, even on loopback, would let any of them in). It is one Postgres backend: connections are
 * multiplexed and one transaction runs at a time for the whole database, so never hold a
 * transaction open while awaiting a query on another connection.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (options.dataDir) await ownerOnlyDir(options.dataDir);
  // pg_trgm: substring search on an index (the employee quick search), as the server's contrib has it.
  const db = await PGlite.create({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions: { pg_trgm } });
  const cleanups: Array<() => Promise<void>> = [() => db.close()];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    if (options.dataDir) await restrictToOwner(options.dataDir);
    const socket = await socketLocation(options.socketDir);
    cleanups.push(() => socket.release());
    const server = new PGLiteSocketServer({ db, path: socket.path, maxConnections: options.maxConnections ?? 64 });
    await server.start();
    cleanups.push(() => server.stop());
    // Defence in depth: the directory already keeps others out; the socket file's mode followed the umask.
    await chmod(socket.path, 0o600);
    const url = `postgres://postgres@${encodeURIComponent(socket.dir)}/postgres`;
    markSharedSession(url);
    return { url, socketPath: socket.path, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
