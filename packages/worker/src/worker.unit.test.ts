import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignal } from './signal.ts';
import { startWorker, WorkerStoppedError, type RunReason, type Worker, type WorkerOptions } from './worker.ts';

interface Call<T> {
  reason: RunReason;
  finish(result: T): void;
  fail(error: unknown): void;
}

/** A run the test finishes by hand, recording every call and how many were in flight at once. */
function heldRuns<T = void>() {
  const calls: Call<T>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const run = (reason: RunReason) =>
    new Promise<T>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const settled = () => (inFlight -= 1);
      calls.push({ reason, finish: (result) => (settled(), resolve(result)), fail: (error) => (settled(), reject(error)) });
    });
  return {
    run,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
    /** The latest call, which must exist. */
    last(): Call<T> {
      const call = calls.at(-1);
      if (!call) throw new Error('no run was started');
      return call;
    },
  };
}

/** Lets promise chains settle without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** The next run starts exactly `ms` from now, not a millisecond earlier. */
async function expectNextRunIn(runs: { calls: readonly unknown[] }, ms: number): Promise<void> {
  const before = runs.calls.length;
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(runs.calls).toHaveLength(before);
  await vi.advanceTimersByTimeAsync(1);
  expect(runs.calls).toHaveLength(before + 1);
}

const workers: Array<Worker<unknown>> = [];
function start<T>(options: WorkerOptions<T>): Worker<T> {
  const worker = startWorker(options);
  workers.push(worker as Worker<unknown>);
  return worker;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // Not awaited: a run a test left held never settles. Stopping still ends the polls and wake subscriptions.
  for (const worker of workers.splice(0)) void worker.stop();
  vi.useRealTimers();
});

describe('startWorker', () => {
  it('runs once at start, then polls every pollMs while idle', async () => {
    const runs = heldRuns();
    start({ run: runs.run, pollMs: 100 });
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll']);

    runs.last().finish();
    await expectNextRunIn(runs, 100);
    runs.last().finish();
    await expectNextRunIn(runs, 100);
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'poll', 'poll']);
  });

  it('never polls when pollMs is Infinity: only wakes run it', async () => {
    const runs = heldRuns();
    const worker = start({ run: runs.run, pollMs: Infinity });
    await settle();
    runs.last().finish();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(runs.calls).toHaveLength(1);

    worker.wake();
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'wake']);
  });

  it('runs at once when woken while idle, not at the next poll, and polls pollMs after that run', async () => {
    const runs = heldRuns();
    const worker = start({ run: runs.run, pollMs: 1_000 });
    await settle();
    runs.last().finish();
    await vi.advanceTimersByTimeAsync(300);

    worker.wake();
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'wake']);

    runs.last().finish();
    // The poll that was due 700 ms from the wake was replaced by one a full pollMs after the woken run.
    await expectNextRunIn(runs, 1_000);
  });

  it('runs one at a time: wakes during a run never start a second one beside it', async () => {
    const runs = heldRuns();
    const worker = start({ run: runs.run, pollMs: 10 });
    await settle();
    for (let i = 0; i < 5; i += 1) worker.wake();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.calls).toHaveLength(1);
    expect(runs.maxInFlight).toBe(1);
  });

  it('follows a run woken during it with exactly one more run, at once', async () => {
    const runs = heldRuns();
    const worker = start({ run: runs.run, pollMs: 60_000 });
    await settle();
    worker.wake();
    worker.wake();
    worker.wake();

    runs.last().finish();
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'wake']);

    runs.last().finish();
    await settle();
    expect(runs.calls).toHaveLength(2);
    expect(runs.maxInFlight).toBe(1);
  });

  it('does not start a second run when the run itself wakes the worker synchronously', async () => {
    const runs = heldRuns();
    const worker: Worker<void> = start({
      run: (reason) => {
        if (runs.calls.length === 0) worker.wake();
        return runs.run(reason);
      },
      pollMs: 60_000,
    });
    await settle();
    expect(runs.maxInFlight).toBe(1);
    runs.last().finish();
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'wake']);
    expect(runs.maxInFlight).toBe(1);
  });

  it('runs again at once after a full batch, and waits for the poll after a short one', async () => {
    const runs = heldRuns<number>();
    start({ run: runs.run, hasMore: (processed) => processed === 10, pollMs: 500 });
    await settle();
    runs.last().finish(10);
    await settle();
    runs.last().finish(10);
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'more', 'more']);

    runs.last().finish(3);
    await expectNextRunIn(runs, 500);
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'more', 'more', 'poll']);
  });

  it("runs again when a run names a moment sooner than the poll (another holder's lease ends), and at the poll otherwise", async () => {
    const runs = heldRuns<number | undefined>();
    start({ run: runs.run, retryInMs: (retryIn) => retryIn, pollMs: 5 * 60_000 });
    await settle();
    runs.last().finish(1_500);
    await expectNextRunIn(runs, 1_500);
    runs.last().finish(10 * 60_000);
    await expectNextRunIn(runs, 5 * 60_000);
    runs.last().finish(undefined);
    await expectNextRunIn(runs, 5 * 60_000);
  });

  it('backs off after consecutive failures, doubling up to maxMs, reports each one, and polls again after a success', async () => {
    const runs = heldRuns();
    const errors: unknown[] = [];
    start({ run: runs.run, pollMs: 100, backoff: { initialMs: 250, maxMs: 1_000 }, onError: (error) => errors.push(error) });
    await settle();

    for (const [failure, wait] of [250, 500, 1_000, 1_000, 1_000].entries()) {
      runs.last().fail(new Error(`failure ${failure + 1}`));
      await expectNextRunIn(runs, wait);
    }
    expect(errors.map((error) => (error as Error).message)).toEqual(['failure 1', 'failure 2', 'failure 3', 'failure 4', 'failure 5']);

    runs.last().finish();
    await expectNextRunIn(runs, 100);
    // One failure after a success waits the first step again, not the fifth.
    runs.last().fail(new Error('again'));
    await expectNextRunIn(runs, 250);
  });

  it('backs off by default from the poll interval, at most one second at first', async () => {
    const runs = heldRuns();
    start({ run: runs.run, pollMs: 5_000 });
    await settle();
    runs.last().fail(new Error('down'));
    await expectNextRunIn(runs, 1_000);
  });

  it('runs at once when woken while backing off', async () => {
    const runs = heldRuns();
    const worker = start({ run: runs.run, pollMs: 100, backoff: { initialMs: 10_000, maxMs: 10_000 } });
    await settle();
    runs.last().fail(new Error('down'));
    await vi.advanceTimersByTimeAsync(50);
    worker.wake();
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'wake']);
  });

  it('keeps running when onError itself throws', async () => {
    const runs = heldRuns();
    start({
      run: runs.run,
      pollMs: 100,
      backoff: { initialMs: 100 },
      onError: () => {
        throw new Error('logger broke');
      },
    });
    await settle();
    runs.last().fail(new Error('down'));
    await vi.advanceTimersByTimeAsync(100);
    expect(runs.calls).toHaveLength(2);
  });

  it('counts a run that throws before returning a promise as a failure', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    start({
      run: () => {
        calls += 1;
        throw new Error('synchronous');
      },
      pollMs: 100,
      backoff: { initialMs: 100 },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(2);
  });

  it('wakes on every announcement of a wake source until stopped', async () => {
    const runs = heldRuns();
    const commits = createSignal();
    const worker = start({ run: runs.run, pollMs: 60_000, wake: commits });
    await settle();
    runs.last().finish();
    commits.notify();
    await settle();
    expect(runs.calls.map((call) => call.reason)).toEqual(['poll', 'wake']);

    runs.last().finish();
    await worker.stop();
    commits.notify();
    await settle();
    expect(runs.calls).toHaveLength(2);
  });

  it('hears several wake sources', async () => {
    const runs = heldRuns();
    const [commits, arrivals] = [createSignal(), createSignal()];
    start({ run: runs.run, pollMs: 60_000, wake: [commits, arrivals] });
    await settle();
    runs.last().finish();
    arrivals.notify();
    await settle();
    expect(runs.calls).toHaveLength(2);
    runs.last().finish();
    commits.notify();
    await settle();
    expect(runs.calls).toHaveLength(3);
  });

  describe('runNow', () => {
    it('resolves with the result of a run that started after the call, not of the run in progress', async () => {
      const runs = heldRuns<string>();
      const worker = start({ run: runs.run, pollMs: 60_000 });
      await settle();
      const result = worker.runNow();
      runs.last().finish('started before the call');
      await settle();
      runs.last().finish('started after the call');
      await expect(result).resolves.toBe('started after the call');
    });

    it('shares one following run among everyone who asked during a run', async () => {
      const runs = heldRuns<number>();
      const worker = start({ run: runs.run, pollMs: 60_000 });
      await settle();
      const asked = [worker.runNow(), worker.runNow()];
      worker.wake();
      runs.last().finish(1);
      await settle();
      runs.last().finish(2);
      await expect(Promise.all(asked)).resolves.toEqual([2, 2]);
      expect(runs.calls).toHaveLength(2);
    });

    it('rejects with the run error, which onError hears too', async () => {
      const runs = heldRuns();
      const errors: unknown[] = [];
      const worker = start({ run: runs.run, pollMs: 60_000, onError: (error) => errors.push(error) });
      await settle();
      runs.last().finish();
      const result = worker.runNow();
      await settle();
      const failure = new Error('bus down');
      runs.last().fail(failure);
      await expect(result).rejects.toBe(failure);
      expect(errors).toEqual([failure]);
    });
  });

  describe('stop', () => {
    it('resolves only once the run in progress settled', async () => {
      const runs = heldRuns();
      const worker = start({ run: runs.run, pollMs: 100 });
      await settle();
      let stopped = false;
      const stopping = worker.stop().then(() => (stopped = true));
      await settle();
      expect(stopped).toBe(false);
      runs.last().finish();
      await stopping;
      expect(stopped).toBe(true);
    });

    it('starts no run afterwards: neither the poll, nor a wake, nor the run asked for during the last one', async () => {
      const runs = heldRuns<number>();
      const worker = start({ run: runs.run, hasMore: () => true, pollMs: 100 });
      await settle();
      worker.wake();
      const asked = worker.runNow();
      const stopping = worker.stop();
      runs.last().finish(1);
      await stopping;
      await expect(asked).rejects.toBeInstanceOf(WorkerStoppedError);

      worker.wake();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(runs.calls).toHaveLength(1);
      await expect(worker.runNow()).rejects.toBeInstanceOf(WorkerStoppedError);
    });

    it('cancels the poll of an idle worker and may be called twice', async () => {
      const runs = heldRuns();
      const worker = start({ run: runs.run, pollMs: 100 });
      await settle();
      runs.last().finish();
      await settle();
      await worker.stop();
      await worker.stop();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs.calls).toHaveLength(1);
    });

    it('resolves after a failing run in progress without rethrowing its error', async () => {
      const runs = heldRuns();
      const worker = start({ run: runs.run, pollMs: 100 });
      await settle();
      const stopping = worker.stop();
      runs.last().fail(new Error('rolled back'));
      await expect(stopping).resolves.toBeUndefined();
    });
  });

  it('refuses a poll interval that is not positive', () => {
    expect(() => startWorker({ run: async () => undefined, pollMs: 0 })).toThrow(RangeError);
    expect(() => startWorker({ run: async () => undefined, pollMs: Number.NaN })).toThrow(RangeError);
  });
});
