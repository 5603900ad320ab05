export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  box: Box;
  /** The detector's (BlazeFace) confidence; the mesh score is ~1 even for half faces cut by the frame. */
  detectionScore: number;
}

export type FaceSelection = { kind: 'one-face'; index: number } | { kind: 'no-face' } | { kind: 'several-faces'; count: number };

/**
 * BlazeFace's own default cut-off. On the sample photos real faces scored 0.53 to 0.93, while half
 * faces at the edge of a crop and hair scored 0.20 to 0.43.
 */
export const MIN_DETECTION_SCORE = 0.5;

/**
 * A face narrower than this share of the main face is someone in the background, not a second
 * subject: faces of one group photo are within 0.65 of each other, a passer-by behind a kiosk user
 * is far smaller.
 */
export const MIN_RELATIVE_WIDTH = 0.5;

/** The subject of the photo is its largest confident face; other confident faces near its size make it a group. */
export function selectFace(faces: readonly DetectedFace[]): FaceSelection {
  const confident = faces
    .map((face, index) => ({ face, index }))
    .filter(({ face }) => face.detectionScore >= MIN_DETECTION_SCORE)
    .sort((a, b) => b.face.box.width - a.face.box.width);
  const subject = confident[0];
  if (subject === undefined) return { kind: 'no-face' };
  const peers = confident.filter(({ face }) => face.box.width >= MIN_RELATIVE_WIDTH * subject.face.box.width);
  return peers.length > 1 ? { kind: 'several-faces', count: peers.length } : { kind: 'one-face', index: subject.index };
}
