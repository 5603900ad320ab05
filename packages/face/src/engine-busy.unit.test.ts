import { describe, expect, it } from 'vitest';
import { createFaceEngine } from './engine.ts';

const notAnImage = Buffer.from('not an image');

describe('a face engine whose line is full', () => {
  it('refuses with engine-busy and a retry estimate from the line’s length and the recent jobs’ mean time', async () => {
    // Every job lasts 3 s on this clock (it is read at a job's start and end); before any, a job is guessed at 1 s.
    let ms = 0;
    const engine = createFaceEngine({ workers: 0, maxConcurrent: 1, maxQueued: 1, clock: () => (ms += 3000) });
    const fill = () => [engine.analyse(notAnImage), engine.analyse(notAnImage)].map((job) => expect(job).rejects.toMatchObject({ code: 'unreadable-image' }));

    const first = fill();
    // Two jobs in the line at about 1 s each.
    await expect(engine.analyse(notAnImage)).rejects.toMatchObject({ name: 'FaceError', code: 'engine-busy', retryAfterSeconds: 2 });
    await Promise.all(first);

    const second = fill();
    // The mean moved towards 3 s (1.4 s, then 1.72 s): two jobs, about 3.4 s, rounded up.
    await expect(engine.analyse(notAnImage)).rejects.toMatchObject({ code: 'engine-busy', retryAfterSeconds: 4 });
    await Promise.all(second);
    await engine.close();
  });
});
