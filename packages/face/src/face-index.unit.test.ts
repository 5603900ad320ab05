import { describe, expect, it } from 'vitest';
import { EMBEDDING_LENGTH, normaliseEmbedding } from './embedding.ts';
import { FaceIndex } from './face-index.ts';
import { MATCH_THRESHOLD, similarity } from './similarity.ts';

/** Non-negative like real faceres features, so that random templates are all fairly similar. */
function randomEmbedding(length = EMBEDDING_LENGTH): Float32Array {
  return normaliseEmbedding(Array.from({ length }, () => Math.random()));
}

/** The reference the SIMD kernel must agree with. */
function bruteForceBest(templates: Map<string, Float32Array>, query: Float32Array): { id: string; similarity: number } {
  let best = { id: '', similarity: -Infinity };
  for (const [id, template] of templates) {
    const score = similarity(template, query);
    if (score > best.similarity) best = { id, similarity: score };
  }
  return best;
}

describe('FaceIndex', () => {
  it('finds the same best template and similarity as a brute-force scan', () => {
    const index = new FaceIndex({ initialCapacity: 16 });
    const templates = new Map<string, Float32Array>();
    for (let i = 0; i < 300; i += 1) {
      const template = randomEmbedding();
      templates.set(`employee-${i}`, template);
      index.upsert(`employee-${i}`, template);
    }
    for (let q = 0; q < 20; q += 1) {
      const query = randomEmbedding();
      const expected = bruteForceBest(templates, query);
      const actual = index.best(query);
      expect(actual?.id).toBe(expected.id);
      expect(actual?.similarity).toBeCloseTo(expected.similarity, 9);
    }
  });

  it('returns a stored template as its own best match with similarity 1, however it was scaled', () => {
    const index = new FaceIndex();
    const mine = randomEmbedding();
    index.upsert('me', mine);
    index.upsert('other', randomEmbedding());
    const scaled = mine.map((value) => value * 7);
    expect(index.best(scaled)).toEqual({ id: 'me', similarity: expect.closeTo(1, 6) as number });
  });

  it('replaces the template of an id on upsert instead of adding a second one', () => {
    const index = new FaceIndex();
    const before = randomEmbedding();
    const after = randomEmbedding();
    index.upsert('me', before);
    index.upsert('me', after);
    expect(index.size).toBe(1);
    expect(index.best(after)?.similarity).toBeCloseTo(1, 6);
    expect(index.best(before)?.similarity).toBeLessThan(0.9);
  });

  it('keeps every other template findable after removing one from the middle', () => {
    const index = new FaceIndex();
    const templates = Array.from({ length: 5 }, () => randomEmbedding());
    templates.forEach((template, i) => index.upsert(`id-${i}`, template));
    expect(index.remove('id-1')).toBe(true);
    expect(index.remove('id-1')).toBe(false);
    expect(index.size).toBe(4);
    expect(index.has('id-1')).toBe(false);
    for (const i of [0, 2, 3, 4]) expect(index.best(templates[i] ?? new Float32Array())?.id).toBe(`id-${i}`);
    expect(index.best(templates[1] ?? new Float32Array())?.id).not.toBe('id-1');
  });

  it('keeps earlier templates intact when it grows past its initial capacity', () => {
    const index = new FaceIndex({ initialCapacity: 2 });
    const templates = Array.from({ length: 50 }, () => randomEmbedding());
    templates.forEach((template, i) => index.upsert(`id-${i}`, template));
    templates.forEach((template, i) => expect(index.best(template)).toEqual({ id: `id-${i}`, similarity: expect.closeTo(1, 6) as number }));
  });

  it('answers null when empty, and bestMatch answers null below the threshold', () => {
    const index = new FaceIndex();
    expect(index.best(randomEmbedding())).toBeNull();
    const template = normaliseEmbedding(Array.from({ length: EMBEDDING_LENGTH }, (_, i) => (i < 512 ? 1 : 0)));
    const halfOverlap = normaliseEmbedding(Array.from({ length: EMBEDDING_LENGTH }, (_, i) => (i >= 256 && i < 768 ? 1 : 0)));
    index.upsert('me', template);
    expect(similarity(template, halfOverlap)).toBeCloseTo(0.5, 6);
    expect(index.bestMatch(halfOverlap)).toBeNull();
    expect(index.bestMatch(halfOverlap, 0.4)).toEqual({ id: 'me', similarity: expect.closeTo(0.5, 6) as number });
    expect(index.bestMatch(template)?.similarity).toBeGreaterThan(MATCH_THRESHOLD);
  });

  it('refuses embeddings of another length', () => {
    const index = new FaceIndex();
    expect(() => index.upsert('me', randomEmbedding(128))).toThrow(RangeError);
    expect(() => index.best(randomEmbedding(128))).toThrow(RangeError);
  });
});
