import { describe, expect, it } from 'vitest';
import { decodeEmbedding, EMBEDDING_LENGTH, encodeEmbedding, normaliseEmbedding } from './embedding.ts';
import { similarity } from './similarity.ts';

function randomEmbedding(): Float32Array {
  return normaliseEmbedding(Array.from({ length: EMBEDDING_LENGTH }, () => Math.random()));
}

describe('normaliseEmbedding', () => {
  it('scales a vector to unit length without changing its direction', () => {
    const unit = normaliseEmbedding([3, 4]);
    expect(Array.from(unit)).toEqual([Math.fround(0.6), Math.fround(0.8)]);
  });

  it('refuses the zero vector, which has no direction', () => {
    expect(() => normaliseEmbedding([0, 0, 0])).toThrow(RangeError);
  });
});

describe('encodeEmbedding / decodeEmbedding', () => {
  it('round-trips every bit of an embedding', () => {
    const embedding = randomEmbedding();
    const decoded = decodeEmbedding(encodeEmbedding(embedding));
    expect(Buffer.from(decoded.buffer)).toEqual(Buffer.from(embedding.buffer));
  });

  it('writes float32 little-endian, so the text is the same on every machine', () => {
    const embedding = new Float32Array(EMBEDDING_LENGTH);
    embedding[0] = 1;
    expect(Buffer.from(encodeEmbedding(embedding), 'base64').subarray(0, 4)).toEqual(Buffer.from([0x00, 0x00, 0x80, 0x3f]));
  });

  it('refuses text of the wrong length, that is not base64, or that holds NaN', () => {
    expect(() => decodeEmbedding(encodeEmbedding(new Float32Array(128).fill(0.1)))).toThrow(/1024 floats/);
    expect(() => decodeEmbedding('not base64!')).toThrow(/base64/);
    const withNaN = randomEmbedding();
    withNaN[7] = Number.NaN;
    expect(() => decodeEmbedding(encodeEmbedding(withNaN))).toThrow(/finite/);
  });
});

describe('similarity', () => {
  it('is 1 for the same direction, 0 for orthogonal and -1 for opposite unit vectors', () => {
    const x = normaliseEmbedding([1, 0, 0, 0]);
    expect(similarity(x, x)).toBe(1);
    expect(similarity(x, normaliseEmbedding([0, 1, 0, 0]))).toBe(0);
    expect(similarity(x, normaliseEmbedding([-1, 0, 0, 0]))).toBe(-1);
    expect(similarity(normaliseEmbedding([1, 1, 0, 0]), x)).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('refuses embeddings of different lengths', () => {
    expect(() => similarity(new Float32Array(4), new Float32Array(8))).toThrow(RangeError);
  });
});
