import { once } from 'node:events';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { embeddedUrls, type EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres.ts';

/** Where the embedded database runs: its own worker thread, or the caller's event loop (in-memory tests). */
export type DatabaseThread = 'worker' | 'inline';

export interface EmbeddedPostgresThreadOptions extends EmbeddedPostgresOptions {
  /**
   * Called once if the thread ends without being asked to (a crash, or an out-of-memory abort): every query
   * fails from then on. By default the error is thrown as an uncaught exception, so the process logs and exits
   * instead of serving without its database.
   */
  onUnexpectedExit?: (error: Error) => void;
}

/** An error as it crosses the thread boundary: a structured clone would drop `code` and the class. */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
  code?: unknown;
}

/** What the worker posts: `ready` or `failed` once at start, `stopped` once after a `stop` message. */
export type FromDatabaseThread = { kind: 'ready'; socketPath: string } | { kind: 'failed'; error: ThreadError } | { kind: 'stopped'; error?: ThreadError };

export const STOP_MESSAGE = 'stop';

export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), ...(code === undefined ? {} : { code }) };
}

function fromThreadError(thrown: ThreadError): Error {
  const error = Object.assign(new Error(thrown.message), thrown.code === undefined ? {} : { code: thrown.code });
  error.name = thrown.name;
  // The worker's stack says where it failed; this side's would only say "a message arrived".
  if (thrown.stack) error.stack = thrown.stack;
  return error;
}

/**
 * `startEmbeddedPostgres` in a worker thread of its own, so PGlite's queries (WASM, synchronous while they
 * run) never hold up the caller's event loop; the caller reaches it only through its Unix socket, as before.
 * The files are the same, so a killed process leaves what the inline database would. Start-up errors reject
 * with the worker's message; `stop()` closes the database (PGlite flushes on close) and waits for the thread.
 */
export async function startEmbeddedPostgresThread(options: EmbeddedPostgresThreadOptions = {}): Promise<EmbeddedPostgres> {
  const { onUnexpectedExit = throwUncaught, ...postgresOptions } = options;
  const worker = new Worker(new URL('./pglite-thread-worker.ts', import.meta.url), { workerData: postgresOptions, name: 'embedded-postgres' });
  let started = false;
  let stopping = false;
  // The last uncaught error of the worker, reported with its exit.
  let crash: Error | undefined;
  worker.on('error', (error) => {
    crash = error;
  });
  const exited = new Promise<number>((resolve) =>
    worker.once('exit', (code) => {
      resolve(code);
      // In the listener, so the default (a throw) is an uncaught exception, not a rejection someone may swallow.
      if (started && !stopping) {
        const why = crash ? `: ${crash.message}` : ` with code ${code}`;
        onUnexpectedExit(new Error(`The embedded database's thread ended unexpectedly${why}`, crash ? { cause: crash } : {}));
      }
    }),
  );

  const first = await Promise.race([
    once(worker, 'message').then(([message]) => message as FromDatabaseThread),
    exited.then(
      (code) => ({ kind: 'failed', error: toThreadError(crash ?? new Error(`The database thread exited with code ${code} while starting`)) }) as const,
    ),
  ]);
  if (first.kind !== 'ready') {
    await worker.terminate();
    throw fromThreadError(first.kind === 'failed' ? first.error : { name: 'Error', message: 'The database thread stopped while starting' });
  }

  started = true;
  const stopNow = async () => {
    stopping = true;
    const answered = Promise.race([
      once(worker, 'message').then(([message]) => message as FromDatabaseThread),
      exited.then((code) => ({ kind: 'stopped', error: toThreadError(crash ?? new Error(`The database thread exited with code ${code}`)) }) as const),
    ]);
    worker.postMessage(STOP_MESSAGE);
    const answer = await answered;
    const code = await exited;
    if (answer.kind === 'stopped' && answer.error) throw fromThreadError(answer.error);
    if (code !== 0) throw new Error(`The database thread exited with code ${code}`);
  };
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= stopNow());
  return { ...embeddedUrls(dirname(first.socketPath), new Set(postgresOptions.apps ?? [])), socketPath: first.socketPath, stop };
}

function throwUncaught(error: Error): never {
  throw error;
}
