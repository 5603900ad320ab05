import { parentPort } from 'node:worker_threads';
import type { AnalyseReply, AnalyseRequest } from '../worker-protocol.ts';

/**
 * A face worker for the pool's own tests, without the models: a photo 1 px wide ends the thread, one 2 px
 * wide throws outside any handler, and any other finds no face after `height` milliseconds.
 */
const port = parentPort;
if (port === null) throw new Error('stand-in-face-worker.ts runs only as a worker thread');

port.on('message', (request: AnalyseRequest) => {
  if (request.width === 1) process.exit(7);
  if (request.width === 2) throw new Error('the stand-in worker broke');
  setTimeout(() => port.postMessage({ id: request.id, ok: true, result: { kind: 'no-face' } } satisfies AnalyseReply), request.height);
});
