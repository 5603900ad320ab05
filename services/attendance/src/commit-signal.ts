import type { Pool } from '@ams/db';

// Commands tell the projections of this process that they committed to a database, so the read models
// follow at once; other replicas' commits are found by the projections' own probe.
const listeners = new WeakMap<Pool, Set<() => void>>();

export function onCommitted(pool: Pool, listener: () => void): () => void {
  const set = listeners.get(pool) ?? new Set();
  set.add(listener);
  listeners.set(pool, set);
  return () => void set.delete(listener);
}

export function signalCommitted(pool: Pool): void {
  for (const listener of listeners.get(pool) ?? []) listener();
}
