import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoBin = fileURLToPath(new URL('../../../node_modules/.bin', import.meta.url));
const STOP_TIMEOUT_MS = 20_000;

/** The package's own `start` script, so the app runs exactly as `pnpm start` in its folder runs it. */
function startScript(dir: string): string {
  const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  if (!scripts?.start) throw new Error(`${dir} has no start script`);
  return scripts.start;
}

export interface AppProcess {
  pid: number;
  /** Resolves with the exit code (null after a signal) once the app and whatever its start script ran exited. */
  exited: Promise<number | null>;
  /** SIGKILL to the app's whole process group (a start script may run the app in a child process). */
  kill(): void;
  /** SIGTERM, then SIGKILL if it has not exited in time; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs an app's start script in its own process group with `env` (on top of the inherited `base`), with the
 * package's and the repository's tools on the PATH as `pnpm start` has them, handing each output line to `output`.
 */
export function spawnApp(dir: string, base: NodeJS.ProcessEnv, env: Record<string, string>, output: (line: string) => void): AppProcess {
  const child: ChildProcess = spawn('/bin/sh', ['-c', `exec ${startScript(dir)}`], {
    cwd: dir,
    env: { ...base, PATH: [join(dir, 'node_modules', '.bin'), repoBin, base.PATH].join(delimiter), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', output);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Cannot start ${dir}`);
  // A graceful signal goes to the start script's process alone, which is the app itself (`exec node …`) or relays it, so the app gets it once.
  const signal = (name: NodeJS.Signals, target: number) => {
    try {
      process.kill(target, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  const kill = () => signal('SIGKILL', -pid);
  return {
    pid,
    exited,
    kill,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      signal('SIGTERM', pid);
      const timer = setTimeout(kill, STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls `url` until it answers 200; fails when the app exits first or `timeoutMs` passes. */
export async function waitUntilReady(url: string, app: AppProcess, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void app.exited.then((code) => (exitCode = code));
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${url}: the app exited (${String(exitCode)}) before it was ready`);
    const ready = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.ok;
      },
      () => false,
    );
    if (ready) return;
    if (performance.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}
