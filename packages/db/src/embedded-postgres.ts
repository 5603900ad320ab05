import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { markSharedSession } from './pool.ts';

export interface EmbeddedPostgresOptions {
  /** Where the database files live; omitted means in memory (tests). */
  dataDir?: string;
  host?: string;
  /** 0 lets the OS choose a free port. */
  port?: number;
  maxConnections?: number;
}

export interface EmbeddedPostgres {
  /** A `postgres://` URL that `pg` connects to unchanged. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * PGlite (Postgres compiled to WASM) served on a loopback TCP port. It is one Postgres backend:
 * connections are multiplexed and one transaction runs at a time for the whole database, so
 * never hold a transaction open while awaiting a query on another connection.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // pg_trgm: substring search on an index (the employee quick search), as the server's contrib has it.
  const db = await PGlite.create({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions: { pg_trgm } });
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({
    db,
    host,
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 64,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const port = Number(server.getServerConn().split(':').pop());
  let stopped = false;
  const url = `postgres://postgres@${host}:${port}/postgres?sslmode=disable`;
  markSharedSession(url);
  return {
    url,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
