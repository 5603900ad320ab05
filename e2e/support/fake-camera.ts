import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { movingFramesOf, type Movement, type SamplePerson } from '../../packages/face/src/testing.ts';

/** Chromium switches that grant the camera without asking and feed it from a .y4m file. */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** One image as a YUV4MPEG2 frame: 4:2:0 (I420 planes, BT.601 studio range, the way Chromium reads them back). */
async function y4mFrame(image: Buffer, width: number, height: number): Promise<Buffer> {
  const { data } = await sharp(image).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const rgb = (x: number, row: number): [number, number, number] => {
    const at = (row * width + x) * 3;
    return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
  };
  for (let row = 0; row < height; row += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = rgb(x, row);
      y[row * width + x] = clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
    }
  }
  // Each chroma sample is the mean of its 2 × 2 block.
  for (let row = 0; row < height; row += 2) {
    for (let x = 0; x < width; x += 2) {
      const block = [rgb(x, row), rgb(x + 1, row), rgb(x, row + 1), rgb(x + 1, row + 1)];
      const [r, g, b] = [0, 1, 2].map((channel) => block.reduce((sum, pixel) => sum + (pixel[channel] ?? 0), 0) / 4) as [number, number, number];
      const at = (row / 2) * (width / 2) + x / 2;
      u[at] = clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      v[at] = clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  return Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
}

/**
 * Writes images as the video Chromium's fake camera plays in a loop: YUV4MPEG2, one frame per image, `fps`
 * frames a second, `width` × `height`.
 */
export async function writeFakeCameraClip(file: string, images: readonly Buffer[], { width = 640, height = 480, fps = 15 } = {}): Promise<void> {
  const frames: Buffer[] = [];
  for (const image of images) frames.push(await y4mFrame(image, width, height));
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...frames]));
}

/**
 * How the person in front of the fake camera moves: once round a circle of 5 % of the face's width every
 * 3 seconds (45 frames at 15 fps), so frames a kiosk takes 200 ms apart show the face ~2 % of its width apart.
 */
export const CAMERA_SWAY: Movement = { frames: 45, radius: 0.05, turn: (2 * Math.PI) / 45 };

/** A fake camera facing `person` (a sample person of packages/face) who sways a little, as people do. */
export async function writeMovingFaceCamera(file: string, person: SamplePerson): Promise<void> {
  await writeFakeCameraClip(file, await movingFramesOf(person, CAMERA_SWAY), { fps: 15 });
}
