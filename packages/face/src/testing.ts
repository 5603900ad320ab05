import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Box } from './face-selection.ts';

/**
 * Real photos for tests and benches: the six group photos @vladmandic/face-api ships in demo/
 * (1920 px wide, 3 to 5 women each). Single-face portraits are cut around one face.
 */
export type SamplePhoto = 1 | 2 | 3 | 4 | 5 | 6;

const require = createRequire(import.meta.url);

export function samplePhotoPath(photo: SamplePhoto): string {
  return path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${photo}.jpg`);
}

export function readSamplePhoto(photo: SamplePhoto): Promise<Buffer> {
  return readFile(samplePhotoPath(photo));
}

/**
 * Faces that are clearly different women, with their box as Human finds it on the full photo. Faces
 * whose pairs scored suspiciously high across photos (possibly one model photographed twice) are
 * left out, so "different people" stays true.
 */
export const SAMPLE_PEOPLE = {
  'sample1-left': { photo: 1, face: { x: 333, y: 316, width: 352, height: 352 } },
  'sample3-right': { photo: 3, face: { x: 1359, y: 251, width: 409, height: 409 } },
  'sample4-second': { photo: 4, face: { x: 613, y: 55, width: 278, height: 278 } },
  'sample5-top': { photo: 5, face: { x: 724, y: 92, width: 272, height: 273 } },
  'sample6-left': { photo: 6, face: { x: 177, y: 456, width: 360, height: 361 } },
  'sample6-second': { photo: 6, face: { x: 584, y: 304, width: 384, height: 384 } },
} as const satisfies Record<string, { photo: SamplePhoto; face: Box }>;

export type SamplePerson = keyof typeof SAMPLE_PEOPLE;

/** A JPEG portrait of one person: their face with `margin` of its size around it, clipped to the photo. */
export async function portraitOf(person: SamplePerson, margin = 0.3): Promise<Buffer> {
  const { photo, face } = SAMPLE_PEOPLE[person];
  const file = samplePhotoPath(photo);
  const { width = 0, height = 0 } = await sharp(file).metadata();
  const left = Math.max(0, Math.round(face.x - face.width * margin));
  const top = Math.max(0, Math.round(face.y - face.height * margin));
  const right = Math.min(width, Math.round(face.x + face.width * (1 + margin)));
  const bottom = Math.min(height, Math.round(face.y + face.height * (1 + margin)));
  return sharp(file)
    .extract({ left, top, width: right - left, height: bottom - top })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A webcam-like frame of one person: their face about half the frame's height, cropped to `width` × `height`. */
export async function frameOf(person: SamplePerson, width = 640, height = 480): Promise<Buffer> {
  return sharp(await portraitOf(person, 0.5))
    .resize(width, height, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A face going round a small circle: `frames` positions `turn` radians apart, `radius` in face widths. */
export interface Movement {
  frames: number;
  radius: number;
  turn: number;
  /** Where on the circle the first frame is (radians). */
  phase?: number;
}

/** About a second of a kiosk camera (5 frames) facing someone who sways a little: ~3 % of the face width between frames. */
export const KIOSK_SWAY: Movement = { frames: 5, radius: 0.04, turn: 0.9 };

/**
 * Webcam-like frames of one person moving in front of the camera: each frame crops the sample photo around
 * the face as `frameOf` does, with the crop shifted along the circle (and scaled by a quarter of the
 * radius), so the face drifts and grows or shrinks a little from frame to frame. JPEG, `width` × `height`.
 */
export async function movingFramesOf(person: SamplePerson, movement: Movement = KIOSK_SWAY, width = 640, height = 480): Promise<Buffer[]> {
  const { photo, face } = SAMPLE_PEOPLE[person];
  const file = samplePhotoPath(photo);
  const meta = await sharp(file).metadata();
  const [imageWidth, imageHeight] = [meta.width ?? 0, meta.height ?? 0];
  const phase = movement.phase ?? 0;
  const frames: Promise<Buffer>[] = [];
  for (let i = 0; i < movement.frames; i += 1) {
    const angle = phase + i * movement.turn;
    const scale = 1 + (movement.radius / 4) * (Math.sin(angle) - Math.sin(phase));
    // The frame holds 1.6 face widths at the frame's aspect ratio: close enough that the neighbours of the
    // group photos stay out of the frame as it moves.
    const cropWidth = Math.min(imageWidth, Math.round(1.6 * face.width * scale));
    const cropHeight = Math.min(imageHeight, Math.round((cropWidth * height) / width));
    const centreX = face.x + face.width / 2 + movement.radius * face.width * (Math.cos(angle) - Math.cos(phase));
    const centreY = face.y + face.height / 2 + movement.radius * face.width * (Math.sin(angle) - Math.sin(phase));
    const left = Math.round(Math.max(0, Math.min(imageWidth - cropWidth, centreX - cropWidth / 2)));
    const top = Math.round(Math.max(0, Math.min(imageHeight - cropHeight, centreY - cropHeight / 2)));
    frames.push(
      sharp(file).extract({ left, top, width: cropWidth, height: cropHeight }).resize(width, height, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer(),
    );
  }
  return Promise.all(frames);
}
