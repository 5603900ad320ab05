import { Worker } from 'node:worker_threads';
import type { AnalyseResult } from './analyse-image.ts';
import { FaceError } from './errors.ts';
import type { RgbImage } from './image.ts';
import type { AnalyseReply, AnalyseRequest } from './worker-protocol.ts';

export interface WorkerPoolOptions {
  /** Workers at most; each analyses one photo at a time. */
  size: number;
  /** A worker with nothing to do for this long ends, and its models' memory with it. */
  idleMs: number;
  /** The worker's script (tests give a stand-in that speaks the same protocol). */
  entry?: URL;
}

export interface WorkerPool {
  /** Analyses a decoded photo in a worker; rejects with FaceError `engine-failed` if that worker dies meanwhile. */
  analyse(image: RgbImage): Promise<AnalyseResult>;
  /** Workers alive now (started and not yet ended). */
  liveWorkers(): number;
  /** Ends every worker; call once nothing is in flight. */
  close(): Promise<void>;
}

interface Job {
  request: AnalyseRequest;
  resolve: (result: AnalyseResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
  /** Why the worker died, when it said so before exiting. */
  failure: Error | null;
}

const FACE_WORKER = new URL('./face-worker.ts', import.meta.url);

/** The pixels in a buffer of their own that can be transferred: sharp's output is native memory, which cannot. */
function requestOf(id: number, image: RgbImage): AnalyseRequest {
  const pixels = new Uint8Array(image.pixels.byteLength);
  pixels.set(image.pixels);
  return { id, pixels: pixels.buffer, width: image.width, height: image.height, scale: image.scale };
}

/**
 * Face workers started on first use and ended when idle, so an installation that does not use faces, or
 * not right now, carries none of their models (~100+ MB each). A worker that dies fails only its own
 * photo; the next photo starts a new one.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  if (!(options.size >= 1)) throw new RangeError('A worker pool has at least one worker');
  const entry = options.entry ?? FACE_WORKER;
  const slots = new Set<Slot>();
  const waiting: Job[] = [];
  let nextId = 0;

  function start(): Slot {
    const slot: Slot = { worker: new Worker(entry), job: null, idleTimer: null, failure: null };
    slots.add(slot);
    slot.worker.on('message', (reply: AnalyseReply) => settle(slot, reply));
    slot.worker.on('error', (error) => (slot.failure = error));
    slot.worker.on('exit', (exitCode) => ended(slot, exitCode));
    return slot;
  }

  function dispatch(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    // A worker with work keeps the process alive; an idle one does not.
    slot.worker.ref();
    slot.worker.postMessage(job.request, [job.request.pixels]);
  }

  function free(slot: Slot): void {
    slot.job = null;
    const next = waiting.shift();
    if (next) return dispatch(slot, next);
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => retire(slot), options.idleMs).unref();
  }

  function settle(slot: Slot, reply: AnalyseReply): void {
    const { job } = slot;
    if (job?.request.id !== reply.id) return;
    if (reply.ok) job.resolve(reply.result);
    else job.reject(reply.code ? new FaceError(reply.code, reply.message) : new Error(reply.message));
    free(slot);
  }

  function retire(slot: Slot): void {
    slots.delete(slot);
    void slot.worker.terminate();
  }

  function ended(slot: Slot, exitCode: number): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slots.delete(slot);
    const { job } = slot;
    if (job) {
      const cause = slot.failure ?? new Error(`exit code ${exitCode}`);
      job.reject(new FaceError('engine-failed', 'A face analysis worker stopped while analysing the photo', { cause }));
    }
    // Its replacement: photos still waiting get a new worker.
    const next = waiting.shift();
    if (next) dispatch(start(), next);
  }

  function idleSlot(): Slot | undefined {
    for (const slot of slots) if (slot.job === null) return slot;
    return slots.size < options.size ? start() : undefined;
  }

  return {
    analyse(image) {
      return new Promise<AnalyseResult>((resolve, reject) => {
        const job: Job = { request: requestOf((nextId += 1), image), resolve, reject };
        const slot = idleSlot();
        if (slot) dispatch(slot, job);
        else waiting.push(job);
      });
    },
    liveWorkers: () => slots.size,
    async close() {
      const ending = [...slots];
      slots.clear();
      for (const slot of ending) if (slot.idleTimer) clearTimeout(slot.idleTimer);
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}
