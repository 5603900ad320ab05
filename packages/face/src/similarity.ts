/**
 * Cosine similarity of two L2-normalised embeddings (their dot product), from -1 to 1. The faceres
 * features are non-negative, so in practice two different people still score about 0.3 to 0.6.
 * Human's own `match.similarity` is not used: it is a scaled Euclidean distance on the raw vectors, so
 * their lengths weigh in, and it rated two different women of the sample photos 0.75, far above the
 * 0.5 it suggests as a match.
 */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`Cannot compare embeddings of ${a.length} and ${b.length} values`);
  let dot = 0;
  for (let i = 0; i < a.length; i += 1) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

/**
 * The similarity from which two faces are taken for the same person. Tuned on 20 faces of the face-api
 * sample photos, each cut out as a portrait: the same portrait re-cropped, mirrored, or 35 % lighter or
 * darker scored 0.77 or more; 189 pairs of different women 0.60 at most; one pair that may be one
 * woman photographed twice 0.65. The threshold sits halfway between 0.65 and 0.77,
 * on the strict side: a wrong person clocking in costs more than a second attempt. Re-tune it on
 * real enrolment and kiosk photos, which differ more than edits of one photo.
 */
export const MATCH_THRESHOLD = 0.7;
