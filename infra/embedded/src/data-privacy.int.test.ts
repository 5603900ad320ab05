import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@ams/db';
import { listeningSockets, looseEntries } from '@ams/db/testing';
import { spawnProduct, type ProductProcess } from './testing.ts';

const isRoot = process.getuid?.() === 0;

let parent: string;
let dataDir: string;
let product: ProductProcess;
let databaseSockets: string[];

/**
 * The first byte a TCP port answers to a Postgres StartupMessage for the user `nobody`, '' when it
 * answers nothing: a Postgres server answers 'R' (authentication) or 'E' (an error).
 */
async function answerToPostgresStartup(port: number): Promise<string> {
  const parameters = Buffer.from('user\0nobody\0database\0postgres\0\0');
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + parameters.length, 0);
  header.writeInt32BE(196_608, 4); // protocol 3.0
  const socket = connect(port, '127.0.0.1');
  try {
    return await new Promise<string>((resolve) => {
      socket.setTimeout(3_000, () => resolve(''));
      socket.once('connect', () => socket.write(Buffer.concat([header, parameters])));
      socket.once('data', (data) => resolve(String.fromCharCode(data[0] ?? 0)));
      socket.once('error', () => resolve(''));
      socket.once('close', () => resolve(''));
    });
  } finally {
    socket.destroy();
  }
}

/** The uid and gid of the `nobody` account every Linux has. */
async function nobody(): Promise<{ uid: number; gid: number }> {
  const line = (await readFile('/etc/passwd', 'utf8')).split('\n').find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('No nobody account in /etc/passwd: this test needs another OS user to try the data as.');
  return { uid: Number(uid), gid: Number(gid) };
}

/** What another OS user gets when it lists or reads the data and connects to the sockets: 'ok' or the error code. */
const attemptsAsAnotherUser = `
const fs = require('node:fs');
const net = require('node:net');
const [parent, dataDir, ...sockets] = process.argv.slice(1);
const attempt = (work) => { try { work(); return 'ok'; } catch (error) { return error.code; } };
const connectTo = (path) => new Promise((resolve) => {
  const socket = net.connect(path);
  socket.once('connect', () => { socket.destroy(); resolve('ok'); });
  socket.once('error', (error) => resolve(error.code));
});
Promise.all(sockets.map(connectTo)).then((connections) => console.log(JSON.stringify({
  listParent: attempt(() => fs.readdirSync(parent)),
  listData: attempt(() => fs.readdirSync(dataDir)),
  readSecrets: attempt(() => fs.readFileSync(dataDir + '/secrets.json')),
  readDatabase: attempt(() => fs.readFileSync(dataDir + '/database/PG_VERSION')),
  connections,
})));
`;

async function asNobody(args: string[]): Promise<Record<string, unknown>> {
  const { uid, gid } = await nobody();
  const child = spawn(process.execPath, ['-e', attemptsAsAnotherUser, ...args], { uid, gid, cwd: '/', env: {}, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code, output).toBe(0);
  return JSON.parse(output) as Record<string, unknown>;
}

beforeAll(async () => {
  // The parent is open to everyone (as a home or /srv would be): only the data directory's own modes may keep others out.
  parent = await mkdtemp(join(tmpdir(), 'ams-privacy-'));
  await chmod(parent, 0o755);
  dataDir = join(parent, 'data');
  // What an older version left: a data directory and files readable by everyone.
  await mkdir(join(dataDir, 'postgres'), { recursive: true });
  await chmod(dataDir, 0o755);
  await chmod(join(dataDir, 'postgres'), 0o755);
  await writeFile(join(dataDir, 'export.csv'), 'employee,pin\n', { mode: 0o644 });
  await chmod(join(dataDir, 'export.csv'), 0o644);
  // A user's usual umask: group and others may read what the process creates unless it says otherwise.
  product = await spawnProduct({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 120_000, { umask: 0o022 });
  const pid = product.child.pid;
  if (pid === undefined) throw new Error('The product has no pid');
  databaseSockets = (await listeningSockets(pid)).unixPaths.filter((path) => path.endsWith('/.s.PGSQL.5432')).sort();
}, 150_000);

afterAll(async () => {
  await product?.stop('SIGTERM');
  await rm(parent, { recursive: true, force: true });
});

describe('the embedded data is the product’s own (no other local user or process reaches it)', () => {
  it('serves no database on a TCP port: none of the ports the product listens on answers a Postgres startup', async () => {
    const { tcpPorts } = await listeningSockets(product.child.pid as number);
    // The gateway and the services' loopback HTTP ports remain; PGlite answered any user there as superuser.
    expect(tcpPorts.length).toBeGreaterThan(0);
    const answers = await Promise.all(tcpPorts.map(async (port) => ({ port, answer: await answerToPostgresStartup(port) })));
    expect(answers.filter(({ answer }) => answer === 'R' || answer === 'E')).toEqual([]);
  });

  it('serves the database (every app’s schema) on one Unix socket inside the data directory, which the product’s own user can use', async () => {
    expect(databaseSockets).toEqual([join(dataDir, 'socket', '.s.PGSQL.5432')]);
    for (const socket of databaseSockets) {
      expect((await lstat(dirname(socket))).mode & 0o777).toBe(0o700);
      const pool = createPool({ connectionString: `postgres://postgres@${encodeURIComponent(dirname(socket))}/postgres`, max: 1 });
      try {
        expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await pool.end();
      }
    }
  });

  it('keeps another OS user (nobody) from listing or reading the data directory and from connecting to any database socket', async () => {
    // Only root can act as another user; elsewhere the modes below are the proof.
    if (isRoot) {
      const attempts = await asNobody([parent, dataDir, ...databaseSockets]);
      expect(attempts).toEqual({
        listParent: 'ok',
        listData: 'EACCES',
        readSecrets: 'EACCES',
        readDatabase: 'EACCES',
        connections: databaseSockets.map(() => 'EACCES'),
      });
    }
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    for (const socket of databaseSockets) expect((await lstat(dirname(socket))).mode & 0o777).toBe(0o700);
    expect(databaseSockets).toHaveLength(1);
  });

  it('leaves every file and directory of the data owner-only after a stop, whatever the umask, an older version’s loose ones included', async () => {
    expect(await product.stop('SIGTERM')).toBe(0);
    expect(await readdir(join(dataDir, 'database'))).toContain('PG_VERSION');
    expect((await lstat(join(dataDir, 'export.csv'))).mode & 0o777).toBe(0o600);
    expect(await looseEntries(dataDir)).toEqual([]);
  });
});
