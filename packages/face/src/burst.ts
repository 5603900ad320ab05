import { normaliseEmbedding } from './embedding.ts';
import type { Box } from './face-selection.ts';
import { MATCH_THRESHOLD, similarity } from './similarity.ts';

/** What the burst judge reads of each frame's one face. */
export interface BurstFrameFace {
  embedding: Float32Array;
  box: Box;
  /** The face mesh as x, y pairs in the frame's pixels (empty when unknown: then it never moved). */
  landmarks: Float32Array;
  realScore: number;
  liveScore: number;
}

/**
 * Evidence that a burst of camera frames shows one live person, tuned with `pnpm bench:face-liveness`
 * on the face-api sample people (bursts made from their photos, the face moving a little from frame to
 * frame) and on Chromium's fake camera playing a clip of them swaying:
 *
 * - `minMotion`: how far the face must move, at its farthest from the first frame, as a share of the first
 *   frame's face width: the shift of its landmarks' centre or the change of their spread (the face coming
 *   closer). Landmarks averaged over the whole mesh jitter far less than the detector's box: one still sent
 *   again re-encoded (JPEG quality 95 to 55) or with sensor-like noise measured 0.016 at most, a face
 *   swaying along a circle of 2 % of its width 0.032 and more, the fake camera's clip 0.05 and more.
 * - `minRealScore` (anti-spoofing) and `minLiveScore` (liveness), on the burst's mean: the models barely
 *   tell a photo from a face (a print held up to the camera scored like the faces themselves: real
 *   0.33–0.77, live 0.5–1.0), and one sample person's genuine bursts had live scores down to 0.03 a
 *   frame (0.16 on the mean), so only clear spoof verdicts are refused.
 * - `samePerson`: every frame's face is this similar to the first frame's (two different sample people:
 *   0.65 at most; frames of one moving person: 0.89 and more).
 */
export const BURST_THRESHOLDS = {
  minMotion: 0.025,
  minRealScore: 0.2,
  minLiveScore: 0.1,
  samePerson: MATCH_THRESHOLD,
} as const;

export type BurstThresholds = { readonly [K in keyof typeof BURST_THRESHOLDS]: number };

export type BurstRefusal = 'repeated-frame' | 'no-face' | 'several-faces' | 'different-people' | 'no-motion' | 'likely-spoof';

/** What a burst proves when it passes: one moving face, its mean embedding and mean scores. */
export interface LiveFace {
  /** The L2-normalised mean of the frames' embeddings. */
  embedding: Float32Array;
  /** In the first frame. */
  box: Box;
  realScore: number;
  liveScore: number;
  /** The farthest the face moved from the first frame, as a share of its width. */
  motion: number;
  frames: number;
}

export type BurstVerdict =
  { kind: 'live-face'; face: LiveFace } | { kind: 'refused'; reason: BurstRefusal; motion?: number; realScore?: number; liveScore?: number };

/** The centre and the mean distance to it (spread) of landmarks given as x, y pairs. */
function centreAndSpread(landmarks: Float32Array): { x: number; y: number; spread: number } {
  const points = landmarks.length / 2;
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < landmarks.length; i += 2) {
    x += landmarks[i] ?? 0;
    y += landmarks[i + 1] ?? 0;
  }
  x /= points;
  y /= points;
  let spread = 0;
  for (let i = 0; i + 1 < landmarks.length; i += 2) spread += Math.hypot((landmarks[i] ?? 0) - x, (landmarks[i + 1] ?? 0) - y);
  return { x, y, spread: spread / points };
}

/**
 * How far the face moved from `first` to `other`: the shift of its landmarks' centre or the change of their
 * spread, whichever is larger, as a share of `width`. Frames without comparable landmarks did not move.
 */
export function landmarkDisplacement(first: Float32Array, other: Float32Array, width: number): number {
  if (first.length < 2 || first.length !== other.length || !(width > 0)) return 0;
  const a = centreAndSpread(first);
  const b = centreAndSpread(other);
  return Math.max(Math.hypot(b.x - a.x, b.y - a.y), Math.abs(b.spread - a.spread)) / width;
}

/** The farthest any frame's face is from the first frame's. */
export function burstMotion(faces: readonly BurstFrameFace[]): number {
  const [first, ...others] = faces;
  if (!first) return 0;
  return Math.max(0, ...others.map((face) => landmarkDisplacement(first.landmarks, face.landmarks, first.box.width)));
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Whether the next frame's face is the first frame's person (checked frame by frame, to stop early). */
export function samePerson(first: BurstFrameFace, other: BurstFrameFace, thresholds: BurstThresholds = BURST_THRESHOLDS): boolean {
  return similarity(first.embedding, other.embedding) >= thresholds.samePerson;
}

/**
 * Judges the one face found in each frame of a burst: the same person throughout, moving, and not a
 * clear spoof by the models' mean scores. Pure: the engine finds the faces, this decides.
 */
export function judgeBurst(faces: readonly BurstFrameFace[], thresholds: BurstThresholds = BURST_THRESHOLDS): BurstVerdict {
  const [first] = faces;
  if (!first || faces.length < 2) throw new RangeError('A burst has at least two frames');
  if (!faces.every((face) => samePerson(first, face, thresholds))) return { kind: 'refused', reason: 'different-people' };
  const motion = burstMotion(faces);
  if (motion < thresholds.minMotion) return { kind: 'refused', reason: 'no-motion', motion };
  const realScore = mean(faces.map((face) => face.realScore));
  const liveScore = mean(faces.map((face) => face.liveScore));
  if (realScore < thresholds.minRealScore || liveScore < thresholds.minLiveScore)
    return { kind: 'refused', reason: 'likely-spoof', motion, realScore, liveScore };
  const sum = new Float32Array(first.embedding.length);
  for (const face of faces) face.embedding.forEach((value, i) => (sum[i] = (sum[i] ?? 0) + value));
  return { kind: 'live-face', face: { embedding: normaliseEmbedding(sum), box: first.box, realScore, liveScore, motion, frames: faces.length } };
}
