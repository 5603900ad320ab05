/**
 * Which model produced an embedding. Stored next to every template: embeddings of different models
 * (or of another Human release, whose preprocessing may change) are not comparable, so a change of
 * this value means re-enrolment.
 */
export const FACE_MODEL = 'human-3.3.6-faceres-1024' as const;
export const EMBEDDING_LENGTH = 1024;

/** A unit-length copy, so that similarity is a plain dot product. */
export function normaliseEmbedding(values: ArrayLike<number>): Float32Array {
  let sumOfSquares = 0;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] ?? 0;
    sumOfSquares += value * value;
  }
  const norm = Math.sqrt(sumOfSquares);
  if (!(norm > 0) || !Number.isFinite(norm)) throw new RangeError('An embedding must have a finite, non-zero length');
  const unit = new Float32Array(values.length);
  for (let i = 0; i < values.length; i += 1) unit[i] = (values[i] ?? 0) / norm;
  return unit;
}

/** Base64 of the float32 values, little-endian whatever the machine: for events and database columns. */
export function encodeEmbedding(embedding: Float32Array): string {
  const bytes = Buffer.alloc(embedding.length * 4);
  embedding.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes.toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The inverse of `encodeEmbedding`; refuses text that is not a whole embedding of finite numbers. */
export function decodeEmbedding(encoded: string): Float32Array {
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) throw new RangeError('An encoded embedding must be base64');
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length !== EMBEDDING_LENGTH * 4) {
    throw new RangeError(`An encoded embedding must hold ${EMBEDDING_LENGTH} floats, not ${bytes.length / 4}`);
  }
  const embedding = new Float32Array(EMBEDDING_LENGTH);
  for (let i = 0; i < EMBEDDING_LENGTH; i += 1) embedding[i] = bytes.readFloatLE(i * 4);
  if (!embedding.every(Number.isFinite)) throw new RangeError('An encoded embedding must hold finite numbers');
  return embedding;
}
