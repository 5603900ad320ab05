import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 5, initialDelayMs: 200, maxDelayMs: 5_000 };

export type RetryOutcome = { ok: true } | { ok: false; error: unknown; attempts: number };

/** Exponential backoff between attempts; gives up early (as a failure) when `signal` aborts. */
export async function runWithRetries(work: () => Promise<void>, policy: RetryPolicy, signal?: AbortSignal): Promise<RetryOutcome> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt += 1) {
    try {
      await work();
      return { ok: true };
    } catch (error) {
      lastError = error;
      if (attempt === policy.attempts || signal?.aborted) return { ok: false, error, attempts: attempt };
      const delay = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
      try {
        await sleep(delay, undefined, { signal });
      } catch {
        return { ok: false, error, attempts: attempt };
      }
    }
  }
  return { ok: false, error: lastError, attempts: policy.attempts };
}
