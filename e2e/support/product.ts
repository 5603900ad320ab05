import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontend, needsBuild } from '../../frontend/scripts/ensure-build.ts';

const mainScript = fileURLToPath(new URL('../../infra/embedded/src/main.ts', import.meta.url));

export const ADMIN_EMAIL = 'e2e-admin@example.com';
export const ADMIN_PASSWORD = 'E2e-Admin-password-1!';

export interface RunningProduct {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the product the way a user does (`pnpm start`): the built SPA behind the gateway, a fresh data dir. */
export async function startProduct(): Promise<RunningProduct> {
  if (needsBuild()) buildFrontend();
  const dataDir = await mkdtemp(join(tmpdir(), 'ams-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The product was not ready in 60 s:\n${output}`)), 60_000);
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
    child.once('exit', (code) => reject(new Error(`The product exited with ${String(code)}:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
