import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres.ts';
import { STOP_MESSAGE, toThreadError, type FromDatabaseThread } from './pglite-thread.ts';

// The embedded database's own thread (see pglite-thread.ts): starts it with the options it was given, reports
// ready or the start-up error, and on `stop` closes it and lets the thread end.
if (!parentPort) throw new Error('pglite-thread-worker.ts runs only as a worker thread');
const port = parentPort;
const post = (message: FromDatabaseThread) => port.postMessage(message);

try {
  const postgres = await startEmbeddedPostgres(workerData as EmbeddedPostgresOptions);
  port.on('message', (message: unknown) => {
    if (message !== STOP_MESSAGE) return;
    postgres
      .stop()
      .then(
        () => post({ kind: 'stopped' }),
        (error: unknown) => post({ kind: 'stopped', error: toThreadError(error) }),
      )
      .finally(() => port.close());
  });
  post({ kind: 'ready', socketPath: postgres.socketPath });
} catch (error) {
  post({ kind: 'failed', error: toThreadError(error) });
  port.close();
}
