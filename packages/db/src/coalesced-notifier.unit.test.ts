import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedNotifier } from './coalesced-notifier.ts';

/** A database whose notifications stay in flight until the test settles them; `sentAt` is the fake clock's time of each. */
function heldDatabase() {
  const sentAt: number[] = [];
  const inFlight: Array<() => void> = [];
  return {
    sentAt,
    settle: () => inFlight.shift()?.(),
    query: (text: string, values: unknown[]) => {
      expect(text).toBe(`SELECT pg_notify($1, '')`);
      expect(values).toEqual(['ams_test']);
      sentAt.push(performance.now());
      return new Promise<void>((resolve) => inFlight.push(resolve));
    },
  };
}

/** Lets the notifier see a settled notification (its callbacks run in microtasks). */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.setSystemTime(0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('coalescedNotifier', () => {
  it('sends nothing while nothing is announced', async () => {
    const db = heldDatabase();
    coalescedNotifier(db as never, 'ams_test', { minIntervalMs: 50 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(db.sentAt).toEqual([]);
  });

  it('sends the first announcement at once (leading edge)', () => {
    const db = heldDatabase();
    const start = performance.now();
    coalescedNotifier(db as never, 'ams_test', { minIntervalMs: 50 }).notify();
    expect(db.sentAt).toEqual([start]);
  });

  it('sends one more for all announced while one was in flight, once it is done (trailing edge)', async () => {
    const db = heldDatabase();
    const start = performance.now();
    const notifier = coalescedNotifier(db as never, 'ams_test', { minIntervalMs: 50 });
    notifier.notify();
    await vi.advanceTimersByTimeAsync(70); // a slow server: in flight past the interval
    for (let i = 0; i < 10; i += 1) notifier.notify();
    expect(db.sentAt).toHaveLength(1);
    db.settle();
    await flush();
    expect(db.sentAt).toEqual([start, start + 70]);
    db.settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.sentAt).toHaveLength(2);
  });

  it('sends at most one an interval under a steady stream of announcements, the last one after the last announcement', async () => {
    const db = heldDatabase();
    const start = performance.now();
    const notifier = coalescedNotifier(db as never, 'ams_test', { minIntervalMs: 50 });
    for (let ms = 0; ms < 200; ms += 1) {
      notifier.notify();
      db.settle();
      await vi.advanceTimersByTimeAsync(1);
    }
    // Announced at 0..199 ms: sent at 0, 50, 100, 150 and, for those after 150, at 200.
    await vi.advanceTimersByTimeAsync(1);
    expect(db.sentAt).toEqual([0, 50, 100, 150, 200].map((ms) => start + ms));
    db.settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.sentAt).toHaveLength(5);
  });

  it('sends a lone announcement after a quiet interval at once again', async () => {
    const db = heldDatabase();
    const start = performance.now();
    const notifier = coalescedNotifier(db as never, 'ams_test', { minIntervalMs: 50 });
    notifier.notify();
    db.settle();
    await vi.advanceTimersByTimeAsync(30);
    notifier.notify(); // within the interval: at its end
    await vi.advanceTimersByTimeAsync(19);
    expect(db.sentAt).toEqual([start]);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.sentAt).toEqual([start, start + 50]);
    db.settle();
    await vi.advanceTimersByTimeAsync(500);
    notifier.notify();
    expect(db.sentAt).toEqual([start, start + 50, start + 550]);
  });

  it('sends what is owed when closed, then nothing more', async () => {
    const db = heldDatabase();
    const start = performance.now();
    const notifier = coalescedNotifier(db as never, 'ams_test', { minIntervalMs: 50 });
    notifier.notify();
    db.settle();
    await flush();
    notifier.notify(); // owed at the interval's end
    const closing = notifier.close();
    expect(db.sentAt).toEqual([start, start]);
    db.settle();
    await closing;
    notifier.notify();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.sentAt).toHaveLength(2);
  });

  it('reports a failed notification and still sends the next', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const sent: string[] = [];
    const db = {
      query: () => {
        sent.push('notify');
        return fail ? Promise.reject(new Error('gone')) : Promise.resolve();
      },
    };
    const notifier = coalescedNotifier(db as never, 'ams_test', { minIntervalMs: 50, onError: (error) => errors.push(error) });
    notifier.notify();
    await flush();
    expect(errors).toHaveLength(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(50);
    notifier.notify();
    await flush();
    expect(sent).toHaveLength(2);
    expect(errors).toHaveLength(1);
  });
});
