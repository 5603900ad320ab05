import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { judgeBurst, samePerson, type BurstRefusal, type BurstVerdict } from './burst.ts';
import { analyseImage, type AnalyseResult, type FaceAnalysis } from './analyse-image.ts';
import { FaceError } from './errors.ts';
import { withHuman } from './human-loader.ts';
import { decodeForInference, type RgbImage } from './image.ts';
import { createOrderedSlots, type SlotTicket } from './ordered-slots.ts';
import { createWorkQueue } from './work-queue.ts';
import { createWorkerPool } from './worker-pool.ts';

export type { AnalyseResult, FaceAnalysis } from './analyse-image.ts';

export interface FaceEngine {
  /** Rejects with FaceError `unreadable-image`, `engine-busy` (with `retryAfterSeconds`), `engine-closed`, `engine-failed` or `model-unavailable`. */
  analyse(bytes: Buffer): Promise<AnalyseResult>;
  /**
   * Judges a burst of camera frames (about a second of video) as one live person: the same face in
   * every frame, moving, not a clear spoof (see `judgeBurst`). Stops at the first frame that fails;
   * byte-identical frames are refused before any analysis. Rejects as `analyse` does.
   */
  analyseBurst(frames: readonly Buffer[]): Promise<BurstVerdict>;
  /** Refuses new work and resolves when the work already accepted is done. */
  close(): Promise<void>;
}

export interface FaceEngineOptions {
  /**
   * Face worker threads (default min(2, available cores)); 0 analyses on the calling thread, which then
   * stops for ~150–200 ms per photo. Workers start with the first photo and end when idle.
   */
  workers?: number;
  /** How long a worker waits for work before it ends, with its models (default 60 s). */
  workerIdleMs?: number;
  /**
   * Photos or bursts analysed at once (default: one per worker, 1 inline). A burst's frames spread over
   * the workers; at most one frame per worker, plus one, is decoded at a time, whatever this says.
   */
  maxConcurrent?: number;
  /** Photos or bursts allowed to wait beyond those; more are refused with `engine-busy` (default 32). */
  maxQueued?: number;
  /** Longest side, in pixels, a photo is shrunk to before inference (default 1024). */
  maxSide?: number;
  /** A monotonic clock in milliseconds, to time jobs for the busy answer's retry estimate (default performance.now). */
  clock?: () => number;
}

/** Analyses decoded photos: in face workers, or on the calling thread. */
interface Analyser {
  slots: number;
  analyse(image: RgbImage): Promise<AnalyseResult>;
  close(): Promise<void>;
}

const inlineAnalyser: Analyser = {
  slots: 1,
  analyse: (image) => withHuman((loaded) => analyseImage(loaded, image)),
  close: () => Promise.resolve(),
};

function analyserOf(options: FaceEngineOptions): Analyser {
  const workers = options.workers ?? Math.min(2, availableParallelism());
  if (!(Number.isInteger(workers) && workers >= 0)) throw new RangeError('workers must be a whole number ≥ 0');
  if (workers === 0) return inlineAnalyser;
  const pool = createWorkerPool({ size: workers, idleMs: options.workerIdleMs ?? 60_000 });
  return { slots: workers, analyse: (image) => pool.analyse(image), close: () => pool.close() };
}

/** A job's duration when none has been timed yet: a burst of 5 frames on one worker. */
const FIRST_GUESS_MS = 1000;

/**
 * Creates an engine; the models load with the first photo (in each worker, or once per process inline).
 * Bursts and photos go first come, first served; a full line is refused with `engine-busy` and a retry estimate.
 */
export function createFaceEngine(options: FaceEngineOptions = {}): FaceEngine {
  const maxSide = options.maxSide ?? 1024;
  const clock = options.clock ?? (() => performance.now());
  const analyser = analyserOf(options);
  const maxConcurrent = options.maxConcurrent ?? analyser.slots;
  let meanJobMs = FIRST_GUESS_MS;
  const queue = createWorkQueue({
    maxConcurrent,
    maxQueued: options.maxQueued ?? 32,
    busy: (inLine) =>
      new FaceError('engine-busy', 'Too many photos are waiting for face analysis', {
        retryAfterSeconds: Math.max(1, Math.ceil((inLine * meanJobMs) / maxConcurrent / 1000)),
      }),
  });
  // One more slot than analysers: the next frame decodes while the others are analysed.
  const slots = createOrderedSlots(analyser.slots + 1);
  let jobs = 0;
  let closed = false;

  /** Runs a job in the line, timing it for the retry estimate (a moving mean of the recent ones). */
  function inLine<T>(job: (order: number) => Promise<T>): Promise<T> {
    return queue.run(async () => {
      const started = clock();
      try {
        return await job((jobs += 1));
      } finally {
        meanJobMs = meanJobMs * 0.8 + (clock() - started) * 0.2;
      }
    });
  }

  const analyseFrame = (order: number, bytes: Buffer) => slots.take(order, async () => analyser.analyse(await decodeForInference(bytes, maxSide)));

  return {
    analyse(bytes) {
      if (closed) return Promise.reject(new FaceError('engine-closed', 'The face engine is closed'));
      return inLine((order) => analyseFrame(order, bytes).result);
    },
    analyseBurst(frames) {
      if (closed) return Promise.reject(new FaceError('engine-closed', 'The face engine is closed'));
      if (frames.length < 2) return Promise.reject(new RangeError('A burst has at least two frames'));
      if (hasRepeatedFrame(frames)) return Promise.resolve(refused('repeated-frame'));
      // One place in the line for the whole burst; its frames are analysed side by side and judged in order.
      return inLine((order) => judgeFrames(frames.map((frame) => analyseFrame(order, frame))));
    },
    async close() {
      closed = true;
      await queue.idle();
      await analyser.close();
    },
  };
}

const refused = (reason: BurstRefusal): BurstVerdict => ({ kind: 'refused', reason });

/** The same bytes twice: a still sent as several frames, refused without decoding anything. */
function hasRepeatedFrame(frames: readonly Buffer[]): boolean {
  const digests = new Set(frames.map((frame) => createHash('sha256').update(frame).digest('base64')));
  return digests.size < frames.length;
}

/**
 * The verdict sequential analysis would give: results are read in frame order and the first failing frame
 * decides; frames not started by then are dropped, and later frames' failures are not seen.
 */
async function judgeFrames(tickets: readonly SlotTicket<AnalyseResult>[]): Promise<BurstVerdict> {
  for (const ticket of tickets) ticket.result.catch(() => undefined);
  try {
    const faces: FaceAnalysis[] = [];
    for (const ticket of tickets) {
      const result = await ticket.result;
      if (result.kind !== 'one-face') return refused(result.kind);
      const [first] = faces;
      if (first && !samePerson(first, result.face)) return refused('different-people');
      faces.push(result.face);
    }
    return judgeBurst(faces);
  } finally {
    for (const ticket of tickets) ticket.cancel();
  }
}
