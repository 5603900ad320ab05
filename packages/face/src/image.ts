import type Sharp from 'sharp';
import { FaceError } from './errors.ts';
import { sniffImageType, type ImageType } from './image-type.ts';
import { onFirstUse } from './on-first-use.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A 5 MB PNG of one flat colour can declare gigapixels; refuse before the decoder allocates them. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageCheck =
  { ok: true; mimeType: ImageType; width: number; height: number } | { ok: false; reason: 'too-large' | 'unsupported-type' | 'unreadable' };

/**
 * sharp (libvips, about 20 MB resident) loads with the first photo rather than at start. Callers get it
 * outside their try: a broken install must not pass for an unreadable photo.
 */
const sharpLibrary = onFirstUse<typeof Sharp>(async () => (await import('sharp')).default);

/** Every pixel decode: the pixel cap, and stop at the first corrupt byte rather than guess. */
const decodeOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' } as const;

/** Size and type from the signature and the header alone: cheap, but a truncated file still passes. */
async function checkHeader(bytes: Buffer): Promise<ImageCheck> {
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, reason: 'too-large' };
  const mimeType = sniffImageType(bytes);
  if (mimeType === null) return { ok: false, reason: 'unsupported-type' };
  const sharp = await sharpLibrary.get();
  try {
    const { width, height } = (await sharp(bytes, { limitInputPixels: false }).metadata()).autoOrient;
    if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too-large' };
    return { ok: true, mimeType, width, height };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/**
 * Whether the bytes are a photo we accept, judged from their signature and a real decode, never from
 * a client's content-type. Width and height are as displayed, after EXIF rotation.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageCheck> {
  const check = await checkHeader(bytes);
  if (!check.ok) return check;
  const sharp = await sharpLibrary.get();
  try {
    // A shrink-on-load decode is cheap yet reads all the compressed data, so truncation shows.
    await sharp(bytes, decodeOptions).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return check;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

/** What an uploaded photo is kept as: a JPEG re-encoded from its pixels alone. */
export const STORED_PHOTO_TYPE = 'image/jpeg';

/**
 * The photo as it is kept: decoded and encoded anew as JPEG, EXIF-rotated, at most `maxSide` pixels on
 * its longest side. Only pixels survive: EXIF (GPS position, camera serial), ICC and XMP metadata and
 * any bytes hidden after the image's end are gone.
 */
export async function reencodePhoto(bytes: Buffer, maxSide = 2048): Promise<Buffer> {
  const sharp = await sharpLibrary.get();
  try {
    return await sharp(bytes, decodeOptions)
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw new FaceError('unreadable-image', 'Cannot re-encode the photo: the image cannot be decoded', { cause: error });
  }
}

/**
 * A small square WebP for lists and the kiosk: EXIF-rotated, cropped around the most salient
 * region (usually the face), and without the original's metadata (GPS position, camera serial).
 */
export async function makeThumbnail(bytes: Buffer, size = 160): Promise<Buffer> {
  const sharp = await sharpLibrary.get();
  try {
    return await sharp(bytes, decodeOptions).rotate().resize(size, size, { fit: 'cover', position: sharp.strategy.attention }).webp({ quality: 80 }).toBuffer();
  } catch (error) {
    throw new FaceError('unreadable-image', 'Cannot make a thumbnail: the image cannot be decoded', { cause: error });
  }
}

export interface RgbImage {
  /** Packed RGB, 3 bytes per pixel, rows top to bottom. */
  pixels: Buffer;
  width: number;
  height: number;
  /** Uploaded (EXIF-rotated) width divided by `width`: maps boxes back onto the uploaded photo. */
  scale: number;
}

/**
 * Pixels for inference: EXIF-rotated as the user sees the photo, and shrunk so the longest side is at
 * most `maxSide` (the detector looks at 256 px anyway; big photos only cost memory and time).
 */
export async function decodeForInference(bytes: Buffer, maxSide: number): Promise<RgbImage> {
  const check = await checkHeader(bytes);
  if (!check.ok) throw new FaceError('unreadable-image', `Cannot analyse the image: ${check.reason}`);
  const sharp = await sharpLibrary.get();
  try {
    const { data, info } = await sharp(bytes, decodeOptions)
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return { pixels: data, width: info.width, height: info.height, scale: check.width / info.width };
  } catch (error) {
    throw new FaceError('unreadable-image', 'Cannot analyse the image: it cannot be decoded', { cause: error });
  }
}
