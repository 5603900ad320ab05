import { EMBEDDING_LENGTH, normaliseEmbedding } from './embedding.ts';
import { selectFace, type Box } from './face-selection.ts';
import type { HumanFace, LoadedHuman } from './human-loader.ts';
import type { RgbImage } from './image.ts';

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

/** One decoded photo through the models: the same code inline and in a face worker. */
export async function analyseImage({ human, tf }: LoadedHuman, image: RgbImage): Promise<AnalyseResult> {
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
