import { createHash } from 'node:crypto';
import { judgeBurst, samePerson, type BurstRefusal, type BurstVerdict } from './burst.ts';
import { normaliseEmbedding, EMBEDDING_LENGTH } from './embedding.ts';
import { FaceError } from './errors.ts';
import { selectFace, type Box } from './face-selection.ts';
import { withHuman, type HumanFace, type LoadedHuman } from './human-loader.ts';
import { decodeForInference, type RgbImage } from './image.ts';
import { createWorkQueue } from './work-queue.ts';

export interface FaceAnalysis {
  /** L2-normalised, EMBEDDING_LENGTH values: compare with `similarity` or a `FaceIndex`. */
  embedding: Float32Array;
  /** In pixels of the uploaded photo as displayed (after EXIF rotation). */
  box: Box;
  /** Detector confidence, 0..1. */
  detectionScore: number;
  /** Anti-spoofing: 0..1, higher means a real face rather than a photo or screen of one. */
  realScore: number;
  /** Liveness: 0..1, higher means live. */
  liveScore: number;
  /** The face mesh (468 points) as x, y pairs in pixels of the uploaded photo. */
  landmarks: Float32Array;
}

export type AnalyseResult = { kind: 'one-face'; face: FaceAnalysis } | { kind: 'no-face' } | { kind: 'several-faces'; count: number };

export interface FaceEngine {
  /** Rejects with FaceError `unreadable-image`, `engine-busy` or `engine-closed`, or `model-unavailable`. */
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
   * Photos decoded and waiting for the model at once (default 1). The model itself analyses one photo
   * at a time per process (see withHuman), so 2 overlaps decoding with inference and more only adds memory.
   */
  maxConcurrent?: number;
  /** Photos allowed to wait beyond those; more are refused with `engine-busy` (default 32). */
  maxQueued?: number;
  /** Longest side, in pixels, a photo is shrunk to before inference (default 1024). */
  maxSide?: number;
}

/** Creates an engine; the models load on the first `analyse`, shared by every engine of the process. */
export function createFaceEngine(options: FaceEngineOptions = {}): FaceEngine {
  const maxSide = options.maxSide ?? 1024;
  const queue = createWorkQueue({ maxConcurrent: options.maxConcurrent ?? 1, maxQueued: options.maxQueued ?? 32 });
  let closed = false;
  return {
    analyse(bytes) {
      if (closed) return Promise.reject(new FaceError('engine-closed', 'The face engine is closed'));
      return queue.run(() => analyseBytes(bytes, maxSide));
    },
    analyseBurst(frames) {
      if (closed) return Promise.reject(new FaceError('engine-closed', 'The face engine is closed'));
      if (frames.length < 2) return Promise.reject(new RangeError('A burst has at least two frames'));
      if (hasRepeatedFrame(frames)) return Promise.resolve(refused('repeated-frame'));
      // One place in the queue for the whole burst: bursts do not interleave, and the line stays short.
      return queue.run(() => analyseFrames(frames, maxSide));
    },
    async close() {
      closed = true;
      await queue.idle();
    },
  };
}

async function analyseBytes(bytes: Buffer, maxSide: number): Promise<AnalyseResult> {
  const image = await decodeForInference(bytes, maxSide);
  return withHuman((loaded) => analyseImage(loaded, image));
}

const refused = (reason: BurstRefusal): BurstVerdict => ({ kind: 'refused', reason });

/** The same bytes twice: a still sent as several frames, refused without decoding anything. */
function hasRepeatedFrame(frames: readonly Buffer[]): boolean {
  const digests = new Set(frames.map((frame) => createHash('sha256').update(frame).digest('base64')));
  return digests.size < frames.length;
}

async function analyseFrames(frames: readonly Buffer[], maxSide: number): Promise<BurstVerdict> {
  const faces: FaceAnalysis[] = [];
  for (const frame of frames) {
    const result = await analyseBytes(frame, maxSide);
    if (result.kind !== 'one-face') return refused(result.kind);
    const [first] = faces;
    if (first && !samePerson(first, result.face)) return refused('different-people');
    faces.push(result.face);
  }
  return judgeBurst(faces);
}

async function analyseImage({ human, tf }: LoadedHuman, image: RgbImage): Promise<AnalyseResult> {
  const input = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
  let faces: HumanFace[];
  try {
    const result = await human.detect(input);
    // Human reports failures in the result rather than throwing.
    if (result.error) throw new Error(`Face detection failed: ${result.error}`);
    faces = result.face;
  } finally {
    tf.dispose(input);
  }
  const detected = faces.map((face) => ({ box: toBox(face.box, image.scale), detectionScore: face.boxScore }));
  const selection = selectFace(detected);
  if (selection.kind !== 'one-face') return selection;
  const face = faces[selection.index];
  const subject = detected[selection.index];
  if (face === undefined || subject === undefined) throw new Error('Selected face out of range');
  if (face.embedding?.length !== EMBEDDING_LENGTH) throw new Error('Human returned a face without its embedding');
  return {
    kind: 'one-face',
    face: {
      embedding: normaliseEmbedding(face.embedding),
      box: subject.box,
      detectionScore: subject.detectionScore,
      realScore: face.real ?? 0,
      liveScore: face.live ?? 0,
      landmarks: landmarksOf(face.mesh, image.scale),
    },
  };
}

function toBox([x, y, width, height]: HumanFace['box'], scale: number): Box {
  return { x: Math.round(x * scale), y: Math.round(y * scale), width: Math.round(width * scale), height: Math.round(height * scale) };
}

function landmarksOf(mesh: HumanFace['mesh'], scale: number): Float32Array {
  const points = new Float32Array(mesh.length * 2);
  mesh.forEach(([x, y], i) => {
    points[i * 2] = x * scale;
    points[i * 2 + 1] = y * scale;
  });
  return points;
}
