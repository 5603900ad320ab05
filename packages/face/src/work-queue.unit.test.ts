import { describe, expect, it } from 'vitest';
import { FaceError } from './errors.ts';
import { createWorkQueue } from './work-queue.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createWorkQueue', () => {
  it('runs at most maxConcurrent tasks at a time and starts waiting ones in order', async () => {
    const queue = createWorkQueue({ maxConcurrent: 2, maxQueued: 10 });
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses work beyond the queue bound with engine-busy instead of holding it', async () => {
    const queue = createWorkQueue({ maxConcurrent: 1, maxQueued: 1 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(() => Promise.resolve('second'));
    await expect(queue.run(() => Promise.resolve('third'))).rejects.toMatchObject({ name: 'FaceError', code: 'engine-busy' });
    gate.resolve();
    await first;
    await expect(second).resolves.toBe('second');
  });

  it('frees the slot of a failed task and passes its error to the caller', async () => {
    const queue = createWorkQueue({ maxConcurrent: 1, maxQueued: 0 });
    await expect(queue.run(() => Promise.reject(new FaceError('unreadable-image', 'bad')))).rejects.toThrow('bad');
    await expect(queue.run(() => Promise.resolve(1))).resolves.toBe(1);
  });

  it('reports idle only once running and waiting work is done', async () => {
    const queue = createWorkQueue({ maxConcurrent: 1, maxQueued: 5 });
    const gate = deferred();
    let finished = 0;
    void queue.run(() => gate.promise.then(() => (finished += 1)));
    void queue.run(() => Promise.resolve().then(() => (finished += 1)));
    const idle = queue.idle().then(() => finished);
    gate.resolve();
    await expect(idle).resolves.toBe(2);
    await expect(queue.idle()).resolves.toBeUndefined();
  });
});
