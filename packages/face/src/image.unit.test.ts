import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeForInference, inspectImage, makeThumbnail, MAX_IMAGE_BYTES } from './image.ts';
import { readSamplePhoto } from './testing.ts';

let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await readSamplePhoto(1); // 1920 × 1280
});

describe('inspectImage', () => {
  it('accepts JPEG, PNG and WebP, naming the type from the bytes and giving the size', async () => {
    const small = sharp(jpeg).resize(300);
    await expect(inspectImage(jpeg)).resolves.toEqual({ ok: true, mimeType: 'image/jpeg', width: 1920, height: 1280 });
    await expect(inspectImage(await small.clone().png().toBuffer())).resolves.toEqual({ ok: true, mimeType: 'image/png', width: 300, height: 200 });
    await expect(inspectImage(await small.clone().webp().toBuffer())).resolves.toEqual({ ok: true, mimeType: 'image/webp', width: 300, height: 200 });
  });

  it('gives the size as displayed when EXIF says the camera was held sideways', async () => {
    const sideways = await sharp(jpeg).resize(300).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await expect(inspectImage(sideways)).resolves.toMatchObject({ ok: true, width: 200, height: 300 });
  });

  it('refuses a GIF, text and empty bytes as unsupported types, whatever they claim to be', async () => {
    const gif = await sharp(jpeg).resize(64).gif().toBuffer();
    await expect(inspectImage(gif)).resolves.toEqual({ ok: false, reason: 'unsupported-type' });
    await expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).resolves.toEqual({ ok: false, reason: 'unsupported-type' });
    await expect(inspectImage(Buffer.alloc(0))).resolves.toEqual({ ok: false, reason: 'unsupported-type' });
  });

  it('refuses a truncated upload as unreadable even though its header still parses', async () => {
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect((await sharp(truncated).metadata()).width).toBe(1920);
    await expect(inspectImage(truncated)).resolves.toEqual({ ok: false, reason: 'unreadable' });
    await expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).resolves.toEqual({ ok: false, reason: 'unreadable' });
  });

  it('refuses more than 5 MB as too large without decoding it', async () => {
    const oversized = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]);
    await expect(inspectImage(oversized)).resolves.toEqual({ ok: false, reason: 'too-large' });
    await expect(inspectImage(oversized.subarray(0, MAX_IMAGE_BYTES))).resolves.toMatchObject({ ok: true });
  });

  it('refuses a small file that declares too many pixels (a decompression bomb) as too large', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    await expect(inspectImage(bomb)).resolves.toEqual({ ok: false, reason: 'too-large' });
  });
});

describe('makeThumbnail', () => {
  it('makes a small square WebP that decodes, far smaller than the photo', async () => {
    const thumbnail = await makeThumbnail(jpeg);
    expect(thumbnail.length).toBeLessThan(jpeg.length / 10);
    await expect(inspectImage(thumbnail)).resolves.toEqual({ ok: true, mimeType: 'image/webp', width: 160, height: 160 });
    const sized = await makeThumbnail(jpeg, 64);
    expect(await sharp(sized).metadata()).toMatchObject({ width: 64, height: 64 });
  });

  it('drops the EXIF data of the photo', async () => {
    const tagged = await sharp(jpeg)
      .withExif({ IFD0: { Copyright: 'secret', Make: 'Camera' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    expect((await sharp(await makeThumbnail(tagged)).metadata()).exif).toBeUndefined();
  });

  it('refuses bytes that are not an image with an unreadable-image error', async () => {
    await expect(makeThumbnail(Buffer.from('hello'))).rejects.toMatchObject({ name: 'FaceError', code: 'unreadable-image' });
  });
});

describe('decodeForInference', () => {
  it('shrinks to the longest side, keeps RGB, and says how to scale boxes back to the upload', async () => {
    const image = await decodeForInference(jpeg, 960);
    expect(image).toMatchObject({ width: 960, height: 640, scale: 2 });
    expect(image.pixels.length).toBe(960 * 640 * 3);
  });

  it('turns greyscale and transparent images into 3-channel RGB and never enlarges', async () => {
    const grey = await sharp(jpeg).resize(200).greyscale().png().toBuffer();
    const transparent = await sharp(jpeg).resize(200).ensureAlpha(0.5).png().toBuffer();
    for (const bytes of [grey, transparent]) {
      const image = await decodeForInference(bytes, 1024);
      expect(image).toMatchObject({ width: 200, height: 133, scale: 1 });
      expect(image.pixels.length).toBe(200 * 133 * 3);
    }
  });

  it('rotates pixels upright from the EXIF orientation', async () => {
    const sideways = await sharp(jpeg).resize(300).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await expect(decodeForInference(sideways, 1024)).resolves.toMatchObject({ width: 200, height: 300 });
  });

  it('refuses what inspectImage refuses, with an unreadable-image error', async () => {
    await expect(decodeForInference(Buffer.from('GIF89a...'), 1024)).rejects.toMatchObject({ code: 'unreadable-image' });
  });
});
