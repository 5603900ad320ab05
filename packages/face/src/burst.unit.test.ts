import { describe, expect, it } from 'vitest';
import { BURST_THRESHOLDS, judgeBurst, type BurstFrameFace } from './burst.ts';
import { normaliseEmbedding } from './embedding.ts';
import { similarity } from './similarity.ts';

const WIDTH = 200;

/** A unit embedding leaning towards dimension `person` (two persons' embeddings score 0.5). */
function embeddingOf(person: number, wobble = 0): Float32Array {
  return normaliseEmbedding(Array.from({ length: 8 }, (_, i) => (i === person ? 1 : i === 7 ? 1 + wobble : 0)));
}

/** A face of `person` whose 3 × 3 landmark grid sits at (dx, dy) from the origin, `scale` times its first size. */
function face(options: { dx?: number; dy?: number; scale?: number; person?: number; real?: number; live?: number; landmarks?: boolean } = {}): BurstFrameFace {
  const { dx = 0, dy = 0, scale = 1, person = 0, real = 0.6, live = 0.9 } = options;
  const grid = [-1, 0, 1].flatMap((row) => [-1, 0, 1].flatMap((column) => [100 + dx + column * 60 * scale, 100 + dy + row * 60 * scale]));
  return {
    embedding: embeddingOf(person, dx / 1000),
    box: { x: dx, y: dy, width: WIDTH * scale, height: WIDTH * scale },
    landmarks: options.landmarks === false ? new Float32Array() : Float32Array.from(grid),
    realScore: real,
    liveScore: live,
  };
}

/** A move of `share` of the face width. */
const by = (share: number) => share * WIDTH;

describe('judgeBurst', () => {
  it('accepts one person moving by more than the threshold, with the mean embedding and mean scores', () => {
    const faces = [face(), face({ dx: by(0.01), live: 0.7 }), face({ dx: by(0.03), dy: by(0.01) }), face({ dx: by(0.02), live: 0.8 })];
    const verdict = judgeBurst(faces);
    if (verdict.kind !== 'live-face') throw new Error(`expected a live face, got ${JSON.stringify(verdict)}`);
    expect(verdict.face.motion).toBeCloseTo(Math.hypot(0.03, 0.01), 6);
    expect(verdict.face.liveScore).toBeCloseTo(0.825, 6);
    expect(verdict.face.realScore).toBeCloseTo(0.6, 6);
    expect(verdict.face.frames).toBe(4);
    expect(similarity(verdict.face.embedding, verdict.face.embedding)).toBeCloseTo(1, 5);
    expect(similarity(verdict.face.embedding, faces[0]?.embedding ?? new Float32Array())).toBeGreaterThan(0.99);
  });

  it('refuses a face that stays put but for jitter below the threshold', () => {
    const jitter = BURST_THRESHOLDS.minMotion * 0.8;
    const verdict = judgeBurst([face(), face({ dx: by(jitter) }), face({ dy: by(jitter) }), face({ dx: by(-jitter / 2) })]);
    expect(verdict).toMatchObject({ kind: 'refused', reason: 'no-motion' });
    if (verdict.kind === 'refused') expect(verdict.motion).toBeCloseTo(jitter, 6);
  });

  it('counts a face coming closer to the camera as movement', () => {
    expect(judgeBurst([face(), face({ scale: 1.05 }), face({ scale: 1.1 })]).kind).toBe('live-face');
    expect(judgeBurst([face(), face({ scale: 1.01 }), face({ scale: 1.015 })]).kind).toBe('refused');
  });

  it('never takes frames without landmarks for movement', () => {
    expect(judgeBurst([face({ landmarks: false }), face({ dx: by(0.2), landmarks: false })])).toMatchObject({ kind: 'refused', reason: 'no-motion' });
  });

  it('refuses a burst with another person in one frame', () => {
    const verdict = judgeBurst([face(), face({ dx: by(0.05) }), face({ dx: by(0.1), person: 3 }), face({ dx: by(0.05) })]);
    expect(verdict).toEqual({ kind: 'refused', reason: 'different-people' });
  });

  it('refuses clear spoof verdicts on the mean scores, yet lets one poor frame pass', () => {
    const moving = (scores: { real?: number; live?: number }[]) => scores.map((score, i) => face({ dx: by(0.03 * i), ...score }));
    expect(judgeBurst(moving([{ real: 0.1 }, { real: 0.15 }, { real: 0.2 }]))).toMatchObject({ kind: 'refused', reason: 'likely-spoof' });
    expect(judgeBurst(moving([{ live: 0.05 }, { live: 0.05 }, { live: 0.1 }]))).toMatchObject({ kind: 'refused', reason: 'likely-spoof' });
    expect(judgeBurst(moving([{ live: 0.03 }, { live: 0.9 }, { live: 0.9 }])).kind).toBe('live-face');
  });
});
