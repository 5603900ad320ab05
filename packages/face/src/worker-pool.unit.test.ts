import { describe, expect, it, vi } from 'vitest';
import type { RgbImage } from './image.ts';
import { createWorkerPool } from './worker-pool.ts';

const standIn = new URL('./test-workers/stand-in-face-worker.ts', import.meta.url);

/** A photo for the stand-in worker: its width says what the worker does, its height how long it takes (ms). */
const photo = (width: number, height = 0): RgbImage => ({ pixels: Buffer.alloc(width * Math.max(height, 1) * 3), width, height, scale: 1 });

describe('createWorkerPool', () => {
  it('starts no worker until the first photo, then at most `size` however many photos come at once', async () => {
    const pool = createWorkerPool({ size: 2, idleMs: 60_000, entry: standIn });
    try {
      expect(pool.liveWorkers()).toBe(0);
      const results = await Promise.all([1, 2, 3, 4, 5].map(() => pool.analyse(photo(8, 20))));
      expect(results).toEqual(Array.from({ length: 5 }, () => ({ kind: 'no-face' })));
      expect(pool.liveWorkers()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('rejects the photo of a worker that exits or throws with engine-failed, and analyses the next one in a new worker', async () => {
    const pool = createWorkerPool({ size: 1, idleMs: 60_000, entry: standIn });
    try {
      await expect(pool.analyse(photo(1))).rejects.toMatchObject({ name: 'FaceError', code: 'engine-failed', cause: { message: 'exit code 7' } });
      await expect(pool.analyse(photo(8))).resolves.toEqual({ kind: 'no-face' });
      await expect(pool.analyse(photo(2))).rejects.toMatchObject({ code: 'engine-failed', cause: { message: 'the stand-in worker broke' } });
      await expect(pool.analyse(photo(8))).resolves.toEqual({ kind: 'no-face' });
    } finally {
      await pool.close();
    }
  });

  it('fails only the crashed worker’s photo: photos waiting behind it are analysed by its replacement', async () => {
    const pool = createWorkerPool({ size: 1, idleMs: 60_000, entry: standIn });
    try {
      const outcomes = await Promise.allSettled([pool.analyse(photo(1)), pool.analyse(photo(8)), pool.analyse(photo(8))]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    } finally {
      await pool.close();
    }
  });

  it('ends a worker that stays idle for idleMs, and starts a new one for the next photo', async () => {
    const pool = createWorkerPool({ size: 2, idleMs: 50, entry: standIn });
    try {
      await Promise.all([pool.analyse(photo(8, 20)), pool.analyse(photo(8, 20))]);
      expect(pool.liveWorkers()).toBe(2);
      await vi.waitFor(() => expect(pool.liveWorkers()).toBe(0), { timeout: 10_000, interval: 20 });
      await expect(pool.analyse(photo(8))).resolves.toEqual({ kind: 'no-face' });
      expect(pool.liveWorkers()).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
