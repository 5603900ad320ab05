import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-start-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
}

/** Starts the product the way `pnpm start` does and waits for its ready line. */
async function startProduct(): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A product that does not come up must not outlive its test (it holds the data directory).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready in 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

async function stopProduct(started: Started, signal: NodeJS.Signals): Promise<number | null> {
  const exited = once(started.child, 'exit');
  started.child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}

describe('one-command start (embedded mode)', () => {
  it('answers /health with every part up, stops cleanly on a signal and keeps its data across a restart', async () => {
    const first = await startProduct();
    const health = await fetch(`${first.url}/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { status: string; installation: { id: string }; parts: Record<string, string> };
    expect(body.status).toBe('ok');
    expect(body.parts).toEqual({ database: 'up', bus: 'up', identity: 'up' });
    expect(await stopProduct(first, 'SIGTERM')).toBe(0);

    const second = await startProduct();
    const again = (await (await fetch(`${second.url}/health`)).json()) as { installation: { id: string } };
    expect(again.installation.id).toBe(body.installation.id);
    expect(await stopProduct(second, 'SIGINT')).toBe(0);
  });

  it('refuses to start a second process on a data directory that is in use', async () => {
    const first = await startProduct();
    try {
      await expect(startProduct()).rejects.toThrow(/is in use by process/);
    } finally {
      await stopProduct(first, 'SIGTERM');
    }
  });
});
