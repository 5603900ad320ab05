import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, startEmbeddedPostgres, type EmbeddedPostgres } from './index.ts';
import { listeningSockets, looseEntries } from './testing.ts';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'ams-embedded-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function permissions(path: string): Promise<number> {
  return (await lstat(path)).mode & 0o777;
}

async function selectOne(embedded: EmbeddedPostgres): Promise<unknown> {
  const pool = createPool({ connectionString: embedded.url, max: 1 });
  try {
    return (await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one;
  } finally {
    await pool.end();
  }
}

describe('embedded Postgres on a Unix socket', () => {
  it('listens on no TCP port and serves pg on a 0600 socket inside a 0700 directory', async () => {
    const before = await listeningSockets();
    const socketDir = join(scratch, 'sockets', 'app');
    const embedded = await startEmbeddedPostgres({ socketDir });
    try {
      const during = await listeningSockets();
      // PGlite accepts any user and password: a TCP port, even on loopback, would let every local process in.
      expect(during.tcpPorts).toEqual(before.tcpPorts);
      expect(embedded.socketPath).toBe(join(socketDir, '.s.PGSQL.5432'));
      expect(during.unixPaths).toContain(embedded.socketPath);
      expect(await permissions(socketDir)).toBe(0o700);
      expect(await permissions(embedded.socketPath)).toBe(0o600);
      expect(await selectOne(embedded)).toBe(1);
    } finally {
      await embedded.stop();
    }
    expect(existsSync(embedded.socketPath)).toBe(false);
  });

  it('keeps every file of its data directory owner-only, though PGlite creates them world-writable', async () => {
    const dataDir = join(scratch, 'data');
    const embedded = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await selectOne(embedded)).toBe(1);
      expect(await permissions(dataDir)).toBe(0o700);
      expect((await readdir(dataDir)).length).toBeGreaterThan(5);
      expect(await looseEntries(dataDir)).toEqual([]);
    } finally {
      await embedded.stop();
    }
  });

  it('puts its socket in a fresh 0700 directory under the OS temp dir when the given one is too long for a socket address, and removes it at stop', async () => {
    const socketDir = join(scratch, 'a-data-directory-with-a-long-name'.repeat(3), 'sockets', 'app');
    expect(Buffer.byteLength(join(socketDir, '.s.PGSQL.5432'))).toBeGreaterThan(107);
    const embedded = await startEmbeddedPostgres({ socketDir });
    const fallback = dirname(embedded.socketPath);
    try {
      expect(fallback.startsWith(tmpdir())).toBe(true);
      expect(Buffer.byteLength(embedded.socketPath)).toBeLessThanOrEqual(103);
      expect(await permissions(fallback)).toBe(0o700);
      expect(await selectOne(embedded)).toBe(1);
    } finally {
      await embedded.stop();
    }
    expect(existsSync(fallback)).toBe(false);
  });

  it('takes over the socket file a killed server left behind, but never the socket of a server still running', async () => {
    const socketDir = join(scratch, 'reused');
    await mkdir(socketDir, { recursive: true, mode: 0o700 });
    const socketPath = join(socketDir, '.s.PGSQL.5432');
    // A server killed with SIGKILL cannot remove its socket file.
    const killed = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    await once(killed, 'exit');
    expect((await stat(socketPath)).isSocket()).toBe(true);

    const embedded = await startEmbeddedPostgres({ socketDir });
    try {
      expect(await selectOne(embedded)).toBe(1);
      await expect(startEmbeddedPostgres({ socketDir })).rejects.toThrow(/in use by a running database server/);
      expect(await selectOne(embedded)).toBe(1);
    } finally {
      await embedded.stop();
    }
  });
});

describe('apps sharing the embedded database', () => {
  const apps = ['north', 'south'];

  it("gives each app its own role and schema: unqualified names are its own, another app's schema is refused", async () => {
    const embedded = await startEmbeddedPostgres({ apps });
    const [north, south] = apps.map((app) => createPool({ connectionString: embedded.urlOf(app), schema: app, max: 3 }));
    try {
      if (!north || !south) throw new Error('two pools');
      await north.query('CREATE TABLE notes (body text)');
      await south.query('CREATE TABLE notes (body text)');
      await north.query("INSERT INTO notes VALUES ('north')");
      await south.query("INSERT INTO notes VALUES ('south')");
      // Interleaved: the one shared session is switched to each connection's app before its statements.
      const reads = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? north : south).query<{ body: string }>('SELECT body FROM notes')));
      expect(reads.map((read) => read.rows[0]?.body)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'north' : 'south')));
      await expect(north.query('SELECT body FROM south.notes')).rejects.toThrow(/permission denied for schema south/);
      await expect(south.query("INSERT INTO north.notes VALUES ('intruder')")).rejects.toThrow(/permission denied for schema north/);
    } finally {
      await Promise.all([north?.end(), south?.end()]);
      await embedded.stop();
    }
  });

  it("runs one app's transaction alone: another app's statements wait for its commit and see it whole", async () => {
    const embedded = await startEmbeddedPostgres({ apps });
    const [north, south] = apps.map((app) => createPool({ connectionString: embedded.urlOf(app), schema: app, max: 3 }));
    try {
      if (!north || !south) throw new Error('two pools');
      await north.query('CREATE TABLE counter (value int)');
      await north.query('GRANT USAGE ON SCHEMA north TO south; GRANT SELECT ON counter TO south');
      const tx = await north.connect();
      await tx.query('BEGIN');
      await tx.query('INSERT INTO counter VALUES (1)');
      const read = south.query<{ count: number }>('SELECT count(*)::int AS count FROM north.counter');
      await tx.query('INSERT INTO counter VALUES (2)');
      await tx.query('COMMIT');
      tx.release();
      expect((await read).rows[0]?.count).toBe(2);
    } finally {
      await Promise.all([north?.end(), south?.end()]);
      await embedded.stop();
    }
  });
});

describe('a connection that goes away', () => {
  it('takes its unfinished batch and its open transaction with it: the next connection is served as usual', async () => {
    const embedded = await startEmbeddedPostgres();
    try {
      const socket = await new Promise<Socket>((resolve, reject) => {
        const raw = connect(embedded.socketPath);
        raw.once('connect', () => resolve(raw));
        raw.once('error', reject);
      });
      const message = (type: string, body: Buffer) => {
        const header = Buffer.alloc(5);
        header.write(type, 0);
        header.writeInt32BE(4 + body.length, 1);
        return Buffer.concat([header, body]);
      };
      const parameters = Buffer.from('user\0postgres\0database\0postgres\0\0');
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8 + parameters.length, 0);
      startup.writeInt32BE(196_608, 4);
      socket.write(Buffer.concat([startup, parameters]));
      // A transaction, then a failing Parse of a batch that never gets its Sync.
      socket.write(message('Q', Buffer.from('BEGIN\0')));
      socket.write(message('P', Buffer.from('\0SELECT * FROM no_such_table\0\0\0')));
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.destroy();
      expect(await selectOne(embedded)).toBe(1);
    } finally {
      await embedded.stop();
    }
  });
});
