import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export { databaseTemplatesDir } from './database-templates.ts';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));
const prepareScript = fileURLToPath(new URL('./prepare-database.ts', import.meta.url));

/** What `pnpm start` runs before the product: the database template new data directories are copied from, made when missing. */
export function prepareDatabase(): void {
  execFileSync(process.execPath, [prepareScript], { stdio: 'inherit' });
}

export interface ProductProcess {
  child: ChildProcess;
  url: string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface SpawnOptions {
  /** The umask the product starts with, as a user's shell would give it (e.g. 0o022); default inherited. */
  umask?: number;
}

/**
 * Starts the product the way `pnpm start` does, in a child process, and resolves once it printed its
 * ready line. A product that does not come up in time is killed: it must not outlive its test.
 */
export async function spawnProduct(env: Record<string, string>, readyTimeoutMs = 60_000, options: SpawnOptions = {}): Promise<ProductProcess> {
  const node = [process.execPath, mainScript];
  // The shell sets the umask, then execs node in its place: the child's pid stays the product's.
  const umask = options.umask?.toString(8).padStart(3, '0');
  const [file, args]: [string, string[]] =
    umask === undefined ? [process.execPath, node.slice(1)] : ['/bin/sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...node]];
  const child = spawn(file, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready in ${readyTimeoutMs / 1000} s:\n${output}`));
    }, readyTimeoutMs);
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
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${String(code)}:\n${output}`));
    });
  });
  return {
    child,
    url,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
