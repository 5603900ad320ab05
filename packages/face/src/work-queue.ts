import { FaceError } from './errors.ts';

export interface WorkQueue {
  /** Runs `task` when a slot is free; refuses with `engine-busy` when `maxQueued` tasks already wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once nothing runs or waits. */
  idle(): Promise<void>;
}

/**
 * At most `maxConcurrent` tasks at a time, and a bounded line behind them: a burst of uploads waits
 * (or is refused, so the caller can answer 503) instead of decoding every photo at once.
 */
export function createWorkQueue(options: {
  maxConcurrent: number;
  maxQueued: number;
  /** The refusal of a full line, given how many tasks are in it (running and waiting). */
  busy?: (inLine: number) => Error;
}): WorkQueue {
  if (!(options.maxConcurrent >= 1) || !(options.maxQueued >= 0)) throw new RangeError('maxConcurrent must be ≥ 1 and maxQueued ≥ 0');
  let running = 0;
  const waiting: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];

  function next(): void {
    running -= 1;
    const start = waiting.shift();
    if (start !== undefined) start();
    else if (running === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= options.maxConcurrent && waiting.length >= options.maxQueued) {
        const inLine = running + waiting.length;
        return Promise.reject(options.busy?.(inLine) ?? new FaceError('engine-busy', 'Too many photos are waiting for face analysis'));
      }
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1;
          task().then(resolve, reject).finally(next);
        };
        if (running < options.maxConcurrent) start();
        else waiting.push(start);
      });
    },
    idle(): Promise<void> {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
