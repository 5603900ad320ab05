import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnProduct, type ProductProcess } from './testing.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-start-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The names of a process's threads (a worker's thread is named after the worker, cut to 15 bytes). */
async function threadNames(pid: number): Promise<string[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  return Promise.all(tasks.map(async (task) => (await readFile(`/proc/${pid}/task/${task}/comm`, 'utf8').catch(() => '')).trim()));
}

/** Starts the product the way `pnpm start` does and waits for its ready line. */
function startProduct(): Promise<ProductProcess> {
  return spawnProduct({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
}

describe('one-command start (embedded mode)', () => {
  it('answers /health with every part up, stops cleanly on a signal and keeps its data across a restart', async () => {
    const first = await startProduct();
    let installationId: string;
    try {
      const health = await fetch(`${first.url}/health`);
      expect(health.status).toBe(200);
      const body = (await health.json()) as { status: string; installation: { id: string }; parts: Record<string, string> };
      expect(body.status).toBe('ok');
      expect(body.parts).toEqual({ database: 'up', bus: 'up', identity: 'up', people: 'up', scheduling: 'up', leave: 'up', attendance: 'up', reporting: 'up' });
      installationId = body.installation.id;
      // Relaunched in place with few malloc arenas (one the environment gave is kept): the pid is the product's.
      const environment = (await readFile(`/proc/${first.child.pid}/environ`, 'utf8')).split('\0');
      expect(environment).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}`);
      // The embedded database runs in its own thread, off the services' event loop.
      expect(await threadNames(first.child.pid ?? 0)).toContain('embedded-postgr');
    } finally {
      // A failed assertion must not leave the product running after the test.
      expect(await first.stop('SIGTERM')).toBe(0);
    }

    const second = await startProduct();
    try {
      const again = (await (await fetch(`${second.url}/health`)).json()) as { installation: { id: string } };
      expect(again.installation.id).toBe(installationId);
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
    // Two starts of five embedded databases: a minute on a loaded 2-core machine.
  }, 150_000);

  it('refuses to start a second process on a data directory that is in use', async () => {
    const first = await startProduct();
    try {
      await expect(startProduct()).rejects.toThrow(/is in use by process/);
    } finally {
      await first.stop('SIGTERM');
    }
  }, 150_000);
});
