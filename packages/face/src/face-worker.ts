import { parentPort } from 'node:worker_threads';
import { analyseImage } from './analyse-image.ts';
import { FaceError } from './errors.ts';
import { withHuman } from './human-loader.ts';
import type { AnalyseReply, AnalyseRequest } from './worker-protocol.ts';

/**
 * A face worker (see worker-pool.ts): its own Human and TensorFlow.js, loaded with its first photo, so the
 * ~150–200 ms of inference per photo runs off the main thread. One request at a time (withHuman).
 */
const port = parentPort;
if (port === null) throw new Error('face-worker.ts runs only as a worker thread');

port.on('message', (request: AnalyseRequest) => {
  const image = { pixels: Buffer.from(request.pixels), width: request.width, height: request.height, scale: request.scale };
  withHuman((loaded) => analyseImage(loaded, image)).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies AnalyseReply),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id: request.id, ok: false, message, code: error instanceof FaceError ? error.code : null } satisfies AnalyseReply);
    },
  );
});
