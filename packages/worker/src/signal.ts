/** Something that announces new work (a commit, an arrival): whoever subscribed hears each announcement. */
export interface WakeSource {
  /** Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface Signal extends WakeSource {
  notify(): void;
}

/** An in-process signal, e.g. "this process committed events": workers subscribe to it to run at once. */
export function createSignal(): Signal {
  const listeners = new Set<() => void>();
  return {
    notify() {
      // A copy: a listener that unsubscribes (a worker stopping) must not skip the next one.
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      const entry = () => listener();
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
  };
}
