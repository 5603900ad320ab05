import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, startEmbeddedPostgres, startEmbeddedPostgresThread, type EmbeddedPostgres } from './index.ts';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'ams-pglite-thread-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The OS names a worker's thread after the worker (cut to 15 bytes): `embedded-postgres` shows as this. */
const THREAD_NAME = 'embedded-postgr';

async function threadNames(): Promise<string[]> {
  const tasks = await readdir('/proc/self/task');
  const names = await Promise.all(tasks.map((task) => readFile(`/proc/self/task/${task}/comm`, 'utf8').catch(() => '')));
  return names.map((name) => name.trim());
}

/**
 * How long the caller's event loop was held up at most while `work` ran, beside how long `work` took: a 5 ms
 * timer that fires late by the time the loop could not turn.
 */
async function loopStallDuring(work: () => Promise<unknown>): Promise<{ stallMs: number; workMs: number }> {
  let stallMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(probe);
  }
  return { stallMs, workMs: performance.now() - started };
}

async function heavyQuery(database: EmbeddedPostgres): Promise<void> {
  const pool = createPool({ connectionString: database.url, max: 1 });
  try {
    // A second or so of Postgres on one core; one statement, so inline PGlite runs it without a break.
    await pool.query('SELECT count(*) FROM generate_series(1, 3000000) AS n WHERE n % 7 = 3');
  } finally {
    await pool.end();
  }
}

async function selectOne(database: EmbeddedPostgres, app?: string): Promise<unknown> {
  const pool = createPool({ connectionString: app ? database.urlOf(app) : database.url, ...(app ? { schema: app } : {}), max: 1 });
  try {
    return (await pool.query<{ one: number; role: string }>('SELECT 1 AS one, current_user AS role')).rows[0];
  } finally {
    await pool.end();
  }
}

describe('the embedded database in its own thread', () => {
  it("keeps the caller's event loop turning while a heavy query runs, which the inline database blocks", async () => {
    const threaded = await startEmbeddedPostgresThread();
    let inThread: { stallMs: number; workMs: number };
    try {
      inThread = await loopStallDuring(() => heavyQuery(threaded));
    } finally {
      await threaded.stop();
    }
    const inline = await startEmbeddedPostgres();
    let onLoop: { stallMs: number; workMs: number };
    try {
      onLoop = await loopStallDuring(() => heavyQuery(inline));
    } finally {
      await inline.stop();
    }
    // Relative, not absolute, so a busy machine slows both sides alike: inline, the loop stops for most of the
    // query (the probe sees it); in the thread, it turns all along.
    expect(onLoop.stallMs).toBeGreaterThan(onLoop.workMs / 2);
    expect(inThread.stallMs).toBeLessThan(inThread.workMs / 4);
  }, 120_000);

  it('serves each app under its own role, and stop() closes the database and ends the thread, keeping what was written', async () => {
    const dataDir = join(scratch, 'kept');
    const socketDir = join(scratch, 'socket');
    const first = await startEmbeddedPostgresThread({ dataDir, socketDir, apps: ['north'] });
    try {
      expect(await threadNames()).toContain(THREAD_NAME);
      expect(await selectOne(first, 'north')).toEqual({ one: 1, role: 'north' });
      expect(() => first.urlOf('south')).toThrow(/south is not an app of this database/);
      const pool = createPool({ connectionString: first.urlOf('north'), schema: 'north', max: 1 });
      await pool.query("CREATE TABLE notes (body text); INSERT INTO notes VALUES ('kept')");
      await pool.end();
    } finally {
      await first.stop();
    }
    expect(await threadNames()).not.toContain(THREAD_NAME);
    expect(existsSync(first.socketPath)).toBe(false);

    const second = await startEmbeddedPostgresThread({ dataDir, socketDir, apps: ['north'] });
    try {
      const pool = createPool({ connectionString: second.urlOf('north'), schema: 'north', max: 1 });
      expect((await pool.query<{ body: string }>('SELECT body FROM notes')).rows).toEqual([{ body: 'kept' }]);
      await pool.end();
    } finally {
      await second.stop();
    }
  }, 120_000);

  it("rejects a start-up failure with the database's own error, and leaves no thread behind", async () => {
    const notADirectory = join(scratch, 'a-file');
    await writeFile(notADirectory, '');
    const inline = await startEmbeddedPostgres({ dataDir: notADirectory }).then(
      () => null,
      (error: unknown) => error as Error & { code?: string },
    );
    expect(inline?.code).toBe('EEXIST');
    await expect(startEmbeddedPostgresThread({ dataDir: notADirectory })).rejects.toMatchObject({ message: inline?.message, code: 'EEXIST' });
    expect(await threadNames()).not.toContain(THREAD_NAME);
  }, 60_000);

  it('refuses, from its thread, a socket a running database serves', async () => {
    const socketDir = join(scratch, 'taken');
    const running = await startEmbeddedPostgresThread({ socketDir });
    try {
      await expect(startEmbeddedPostgresThread({ socketDir })).rejects.toThrow(/in use by a running database server/);
      expect(await selectOne(running)).toMatchObject({ one: 1 });
    } finally {
      await running.stop();
    }
  }, 120_000);
});
