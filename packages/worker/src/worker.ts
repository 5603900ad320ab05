import type { WakeSource } from './signal.ts';

/**
 * Why a run starts. 'poll' (the first run, the idle poll, a retry after an error) was told of nothing:
 * a cheap look for work may come first. 'wake' (someone announced work) and 'more' (the last run stopped
 * at a full batch) know there is some.
 */
export type RunReason = 'poll' | 'wake' | 'more';

export interface Backoff {
  /** The wait after the first failure; each further failure doubles it. */
  initialMs: number;
  /** The longest wait, however many failures follow. */
  maxMs: number;
}

export interface WorkerOptions<T> {
  /** One pass over the work. Never called again before the previous call settled. */
  run: (reason: RunReason) => Promise<T>;
  /** Whether a run's result says more is waiting (a full batch): the worker then runs again at once. */
  hasMore?: (result: T) => boolean;
  /**
   * When a run's result says its work can be done only from a known moment (another process's lease
   * ends then), the wait before the next run, if sooner than the idle poll: nobody would announce it.
   */
  retryInMs?: (result: T) => number | undefined;
  /** Announcements of work (e.g. this process's commits): each one wakes the worker. */
  wake?: WakeSource | readonly WakeSource[];
  /**
   * How long an idle worker waits before it looks anyway: the safety net for work nobody announced
   * (another replica's commits). Infinity: wakes only.
   */
  pollMs: number;
  /** Waits after consecutive failures instead of pollMs (default: from min(pollMs, 1 s) up to 30 s); a success resets it. */
  backoff?: Partial<Backoff>;
  /** Hears every failed run (the worker carries on). */
  onError?: (error: unknown) => void;
}

export interface Worker<T> {
  /** Runs at once, or right after the run in progress (which may have looked before the caller's change). */
  wake(): void;
  /** As wake(), and settles as that run does; rejects with WorkerStoppedError if the worker stops first. */
  runNow(): Promise<T>;
  /** Resolves once the run in progress settled; no run starts afterwards. */
  stop(): Promise<void>;
}

export class WorkerStoppedError extends Error {
  constructor() {
    super('The worker was stopped');
    this.name = 'WorkerStoppedError';
  }
}

interface Waiter<T> {
  resolve(result: T): void;
  reject(error: unknown): void;
}

// Node fires a longer setTimeout at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A background loop: one run at a time, woken at once by announcements of work, polling when idle,
 * backing off after failures. The relay, the subscriptions and the projections all run on it.
 */
export function startWorker<T>(options: WorkerOptions<T>): Worker<T> {
  const { pollMs } = options;
  if (!(pollMs > 0)) throw new RangeError(`pollMs must be positive, got ${pollMs}`);
  const backoff: Backoff = { initialMs: Math.min(pollMs, 1_000), maxMs: 30_000, ...options.backoff };
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  // Asked for during a run: one more run follows it at once, shared by everyone who asked meanwhile.
  let next: Waiter<T>[] | null = null;

  const report = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // A failing reporter must not end the loop.
    }
  };

  const delayAfterRun = () => (failures === 0 ? pollMs : Math.min(backoff.maxMs, backoff.initialMs * 2 ** (failures - 1)));

  function start(reason: RunReason, waiters: Waiter<T>[]): void {
    clearTimeout(timer);
    running = execute(reason, waiters);
  }

  async function execute(reason: RunReason, waiters: Waiter<T>[]): Promise<void> {
    // Never inside the caller's stack: `running` is set before the run can ask for another.
    await Promise.resolve();
    let more = false;
    let retryInMs: number | undefined;
    try {
      const result = await options.run(reason);
      failures = 0;
      more = options.hasMore?.(result) ?? false;
      retryInMs = options.retryInMs?.(result);
      for (const waiter of waiters) waiter.resolve(result);
    } catch (error) {
      failures += 1;
      report(error);
      for (const waiter of waiters) waiter.reject(error);
    }
    running = null;
    afterRun(more, retryInMs);
  }

  function afterRun(more: boolean, retryInMs: number | undefined): void {
    const asked = next;
    next = null;
    if (stopped) {
      for (const waiter of asked ?? []) waiter.reject(new WorkerStoppedError());
    } else if (asked) {
      start('wake', asked);
    } else if (more) {
      start('more', []);
    } else {
      const delay = Math.min(delayAfterRun(), Math.max(0, retryInMs ?? Infinity));
      if (Number.isFinite(delay)) timer = setTimeout(() => start('poll', []), Math.min(delay, MAX_TIMER_MS));
    }
  }

  function request(waiter?: Waiter<T>): void {
    if (stopped) {
      waiter?.reject(new WorkerStoppedError());
    } else if (running) {
      next ??= [];
      if (waiter) next.push(waiter);
    } else {
      start('wake', waiter ? [waiter] : []);
    }
  }

  const unsubscribes = [options.wake ?? []].flat().map((source) => source.subscribe(() => request()));
  start('poll', []);

  return {
    wake: () => request(),
    runNow: () => new Promise<T>((resolve, reject) => request({ resolve, reject })),
    async stop() {
      if (!stopped) {
        stopped = true;
        clearTimeout(timer);
        for (const unsubscribe of unsubscribes) unsubscribe();
      }
      await running;
    },
  };
}
