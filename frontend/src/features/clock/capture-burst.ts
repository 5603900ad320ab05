// Self-contained (no imports): bench/face-liveness.ts runs this very file in Chromium to measure the kiosk's bursts.

export interface BurstOptions {
  frames: number;
  intervalMs: number;
  /** Frames wider than this are scaled down (the face detector looks at 256 px anyway). */
  maxWidth: number;
  /** The largest JPEG the server takes per frame; quality steps down until a frame fits. */
  maxBytes: number;
}

const JPEG_QUALITIES = [0.85, 0.7, 0.55, 0.4];
const DATA_URL_PREFIX = 'data:image/jpeg;base64,';

/**
 * About a second of the playing camera: `frames` frames `intervalMs` apart, each a JPEG in base64 (no data:
 * prefix), as the kiosk's face identification wants them. Resolves once the last frame is taken.
 */
export async function captureBurst(video: HTMLVideoElement, options: BurstOptions): Promise<string[]> {
  const scale = Math.min(1, options.maxWidth / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw camera frames');
  const jpeg = (): string => {
    let base64 = '';
    for (const quality of JPEG_QUALITIES) {
      base64 = canvas.toDataURL('image/jpeg', quality).slice(DATA_URL_PREFIX.length);
      if ((base64.length * 3) / 4 <= options.maxBytes) break;
    }
    return base64;
  };
  const frames: string[] = [];
  for (let i = 0; i < options.frames; i += 1) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    frames.push(jpeg());
  }
  return frames;
}
