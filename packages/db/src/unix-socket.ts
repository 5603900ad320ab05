import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownerOnlyDir } from './owner-only.ts';

/** node-postgres looks for `<host>/.s.PGSQL.<port>`; 5432 is its default port, so URLs need none. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** sun_path holds 108 bytes on Linux and 104 on macOS, the final NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;

export interface SocketLocation {
  /** The owner-only directory: the socket's only access control, since PGlite accepts any user and password. */
  dir: string;
  path: string;
  /** Removes the directory when it was made for this socket alone. */
  release(): Promise<void>;
}

/**
 * Where a database's Unix socket goes: in `dir`, made owner-only, when the path fits in a socket
 * address; otherwise (or without `dir`) in a fresh owner-only directory under the OS temp dir, which
 * mkdtemp creates 0700 and which is removed on release.
 */
export async function socketLocation(dir?: string): Promise<SocketLocation> {
  if (dir && Buffer.byteLength(join(dir, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES) {
    await ownerOnlyDir(dir);
    const path = join(dir, SOCKET_NAME);
    await clearStaleSocket(path);
    return { dir, path, release: async () => {} };
  }
  const temporary = await mkdtemp(join(tmpdir(), 'ams-pg-'));
  const path = join(temporary, SOCKET_NAME);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    await rm(temporary, { recursive: true, force: true });
    throw new Error(`No room for a Unix socket: ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes; set TMPDIR to a shorter directory.`);
  }
  return { dir: temporary, path, release: () => rm(temporary, { recursive: true, force: true }) };
}

/**
 * A process killed before it could close its server leaves the socket file behind, and listening on
 * it would fail: it is removed once nothing answers on it. A live server's socket is never taken over.
 */
async function clearStaleSocket(path: string): Promise<void> {
  const state = await new Promise<'live' | 'stale' | 'absent'>((resolve, reject) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve('live');
    });
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') resolve('absent');
      else if (error.code === 'ECONNREFUSED') resolve('stale');
      else reject(error);
    });
  });
  if (state === 'live') throw new Error(`${path} is in use by a running database server.`);
  if (state === 'stale') await rm(path, { force: true });
}
