import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine, type AnalyseResult, type FaceAnalysis } from './engine.ts';
import { FaceIndex } from './face-index.ts';
import { isFaceModelLoaded, withHuman } from './human-loader.ts';
import { MATCH_THRESHOLD, similarity } from './similarity.ts';
import { movingFramesOf, portraitOf, readSamplePhoto, SAMPLE_PEOPLE, type SamplePerson } from './testing.ts';

const people = Object.keys(SAMPLE_PEOPLE) as SamplePerson[];
const portraits = new Map<SamplePerson, Buffer>();
/** Each mode's analyses of the portraits, compared at the end. */
const enrolledBy = new Map<string, Map<SamplePerson, FaceAnalysis>>();

// Worker threads first: the calling thread must not have loaded the models when they are done.
const modes = [
  { mode: 'worker threads', workers: 2 },
  { mode: 'inline', workers: 0 },
] as const;

function oneFace(result: AnalyseResult): FaceAnalysis {
  if (result.kind !== 'one-face') throw new Error(`expected one face, got ${JSON.stringify(result)}`);
  return result.face;
}

const wallOf = async () =>
  sharp(await readSamplePhoto(5))
    .extract({ left: 0, top: 0, width: 500, height: 400 })
    .jpeg()
    .toBuffer();

function portrait(person: SamplePerson): Buffer {
  const bytes = portraits.get(person);
  if (bytes === undefined) throw new Error(`no portrait of ${person}`);
  return bytes;
}

let enrolled = new Map<SamplePerson, FaceAnalysis>();

function template(person: SamplePerson): Float32Array {
  const face = enrolled.get(person);
  if (face === undefined) throw new Error(`${person} is not enrolled`);
  return face.embedding;
}

const numTensors = () => withHuman(async ({ tf }) => tf.memory().numTensors);

/** The same photo as a user could upload it again: re-framed, mirrored, in other light. */
async function variantsOf(bytes: Buffer): Promise<Record<string, Buffer>> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const reframed = { left: Math.round(width * 0.1), top: Math.round(height * 0.05), width: Math.round(width * 0.8), height: Math.round(height * 0.85) };
  return {
    cropped: await sharp(bytes).extract(reframed).jpeg().toBuffer(),
    mirrored: await sharp(bytes).flop().jpeg().toBuffer(),
    brighter: await sharp(bytes).modulate({ brightness: 1.3 }).jpeg().toBuffer(),
    darker: await sharp(bytes).modulate({ brightness: 0.7 }).jpeg().toBuffer(),
  };
}

beforeAll(async () => {
  for (const person of people) portraits.set(person, await portraitOf(person));
});

describe.each(modes)('face engine on real photos, $mode', ({ mode, workers }) => {
  const engine = createFaceEngine({ workers, maxConcurrent: 2 });
  beforeAll(() => {
    enrolled = new Map();
    enrolledBy.set(mode, enrolled);
  });

  it('loads the model on the first analysis, not when the engine is created, and in the workers only when it has them', async () => {
    expect(isFaceModelLoaded()).toBe(false);
    enrolled.set(people[0] ?? 'sample1-left', oneFace(await engine.analyse(portrait(people[0] ?? 'sample1-left'))));
    expect(isFaceModelLoaded()).toBe(workers === 0);
  });

  it('finds one face with a unit-length embedding, its box and 0..1 anti-spoof and liveness scores in a portrait', async () => {
    for (const person of people) enrolled.set(person, oneFace(await engine.analyse(portrait(person))));
    for (const face of enrolled.values()) {
      expect(face.embedding).toHaveLength(1024);
      expect(similarity(face.embedding, face.embedding)).toBeCloseTo(1, 5);
      expect(face.detectionScore).toBeGreaterThan(0.5);
      for (const score of [face.realScore, face.liveScore]) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    }
    // portraitOf leaves 30 % of the face size as margin, so the face starts ~23 % into the portrait.
    const { box } = enrolled.get('sample6-left') ?? oneFace({ kind: 'no-face' });
    const { width = 0 } = await sharp(portrait('sample6-left')).metadata();
    expect(box.width / width).toBeGreaterThan(0.45);
    expect(box.x / width).toBeGreaterThan(0.1);
    expect(box.x / width).toBeLessThan(0.35);
  });

  it('matches the same person above the threshold when the photo is cropped, mirrored, lightened or darkened', async () => {
    const scores: string[] = [];
    let lowest = 1;
    for (const person of ['sample1-left', 'sample4-second', 'sample6-second'] as const) {
      for (const [variant, bytes] of Object.entries(await variantsOf(portrait(person)))) {
        const score = similarity(template(person), oneFace(await engine.analyse(bytes)).embedding);
        scores.push(`${person}/${variant} ${score.toFixed(3)}`);
        lowest = Math.min(lowest, score);
      }
    }
    expect(lowest, scores.join(', ')).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('keeps different people below the threshold', () => {
    const pairs: string[] = [];
    let highest = -1;
    for (const [i, a] of people.entries()) {
      for (const b of people.slice(i + 1)) {
        const score = similarity(template(a), template(b));
        pairs.push(`${a}~${b} ${score.toFixed(3)}`);
        highest = Math.max(highest, score);
      }
    }
    expect(highest, pairs.join(', ')).toBeLessThan(MATCH_THRESHOLD);
  });

  it('identifies each enrolled person from a mirrored photo through a FaceIndex', async () => {
    const index = new FaceIndex();
    for (const person of people) index.upsert(person, template(person));
    for (const person of ['sample3-right', 'sample5-top'] as const) {
      const probe = oneFace(await engine.analyse(await sharp(portrait(person)).flop().jpeg().toBuffer()));
      expect(index.bestMatch(probe.embedding)?.id).toBe(person);
    }
  });

  it('finds the face where the user sees it in a photo whose EXIF says it was taken sideways', async () => {
    // Off-centre face, so a box taken from the unrotated pixels would land elsewhere.
    const upright = await sharp(portrait('sample5-top')).extend({ right: 300, background: '#777' }).jpeg().toBuffer();
    const sideways = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const expected = oneFace(await engine.analyse(upright));
    const face = oneFace(await engine.analyse(sideways));
    expect(similarity(template('sample5-top'), face.embedding)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(face.box[key] - expected.box[key])).toBeLessThan(20);
  });

  it('reports the box in the uploaded photo’s pixels when it shrinks a big photo first', async () => {
    const small = createFaceEngine({ workers, maxSide: 320 });
    const full = enrolled.get('sample3-right')?.box;
    const shrunk = oneFace(await small.analyse(portrait('sample3-right'))).box;
    await small.close();
    expect(full).toBeDefined();
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(shrunk[key] - (full?.[key] ?? 0))).toBeLessThan(20);
  });

  it('finds no face in a gradient, in noise, or in a part of a photo with only a wall', async () => {
    const size = { width: 640, height: 480, channels: 3 } as const;
    const gradient = Buffer.alloc(size.width * size.height * 3);
    gradient.forEach((_, i) => (gradient[i] = Math.floor(((i / 3) % size.width) / 2.5)));
    const noise = Buffer.from(Array.from({ length: gradient.length }, () => Math.floor(Math.random() * 256)));
    const wall = await wallOf();
    for (const bytes of [await sharp(gradient, { raw: size }).png().toBuffer(), await sharp(noise, { raw: size }).png().toBuffer(), wall]) {
      await expect(engine.analyse(bytes)).resolves.toEqual({ kind: 'no-face' });
    }
  });

  it('calls a group photo several faces, with their number', async () => {
    await expect(engine.analyse(await readSamplePhoto(1))).resolves.toEqual({ kind: 'several-faces', count: 3 });
    await expect(engine.analyse(await readSamplePhoto(6))).resolves.toEqual({ kind: 'several-faces', count: 4 });
  });

  it('keeps a portrait with a small face in the background as one face, the subject’s', async () => {
    const background = await sharp(await readSamplePhoto(5))
      .extract({ left: 680, top: 50, width: 360, height: 360 })
      .resize(90)
      .toBuffer();
    const subject = portrait('sample6-left');
    const { width = 0 } = await sharp(subject).metadata();
    const withBackground = await sharp(subject)
      .composite([{ input: background, left: width - 100, top: 10 }])
      .jpeg()
      .toBuffer();
    const face = oneFace(await engine.analyse(withBackground));
    expect(similarity(template('sample6-left'), face.embedding)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('refuses bytes that are not a supported image with an unreadable-image error', async () => {
    await expect(engine.analyse(Buffer.from('not an image'))).rejects.toMatchObject({ name: 'FaceError', code: 'unreadable-image' });
    await expect(engine.analyse(portrait('sample1-left').subarray(0, 5000))).rejects.toMatchObject({ code: 'unreadable-image' });
  });

  it('analyses 6 photos sent at once, each with its own face, without leaking tensors on the calling thread', async () => {
    const before = workers === 0 ? await numTensors() : 0;
    const batch = people.map((person) => engine.analyse(portrait(person)));
    const faces = (await Promise.all(batch)).map(oneFace);
    faces.forEach((face, i) => expect(similarity(face.embedding, template(people[i] ?? 'sample1-left'))).toBeGreaterThan(0.99));
    if (workers === 0) expect(await numTensors()).toBe(before);
  });

  it('judges a burst of a moving face live, and a broken burst by its first failing frame, as one frame after another would', async () => {
    const frames = await movingFramesOf('sample1-left');
    await expect(engine.analyseBurst(frames)).resolves.toMatchObject({ kind: 'live-face' });
    const garbage = Buffer.from('not an image');
    // Frames side by side must not change the verdict: the wall (frame 3) decides before the garbage after it is seen.
    const broken = [frames[0], frames[1], await wallOf(), garbage, frames[4]].filter((frame) => frame !== undefined);
    await expect(engine.analyseBurst(broken)).resolves.toEqual({ kind: 'refused', reason: 'no-face' });
    await expect(engine.analyseBurst([frames[0] ?? garbage, garbage, await wallOf()])).rejects.toMatchObject({ code: 'unreadable-image' });
  });

  it('finishes accepted work on close and refuses new work after it', async () => {
    const closing = createFaceEngine({ workers });
    let settled = false;
    const pending = closing.analyse(portrait('sample1-left')).finally(() => (settled = true));
    await closing.close();
    expect(settled).toBe(true);
    await expect(pending).resolves.toMatchObject({ kind: 'one-face' });
    await expect(closing.analyse(portrait('sample1-left'))).rejects.toMatchObject({ code: 'engine-closed' });
  });

  it('closes', async () => {
    await engine.close();
    await expect(engine.analyse(portrait('sample1-left'))).rejects.toMatchObject({ code: 'engine-closed' });
  });
});

describe('face workers and the calling thread', () => {
  it('give the same embeddings, boxes and scores for every portrait', () => {
    const [inWorkers, inline] = modes.map(({ mode }) => enrolledBy.get(mode));
    expect(inWorkers?.size).toBe(people.length);
    for (const person of people) expect(inWorkers?.get(person), person).toEqual(inline?.get(person));
  });
});
