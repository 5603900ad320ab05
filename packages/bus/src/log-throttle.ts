/**
 * Keeps a repeating failure (a lost broker, a relay that cannot publish) from flooding the logs: the
 * first occurrence is let through, then at most one per interval, each saying how many it stood for.
 */
export interface LogThrottle {
  /** Null when this occurrence stays quiet; else how many occurrences since the last one let through. */
  occurred(): { repeated: number } | null;
  /** The failure ended; true when it had been let through (so its recovery is worth a line). */
  ended(): boolean;
}

export function createLogThrottle(intervalMs: number, now: () => number = () => performance.now()): LogThrottle {
  let lastLogged: number | undefined;
  let quiet = 0;
  return {
    occurred() {
      const at = now();
      if (lastLogged !== undefined && at - lastLogged < intervalMs) {
        quiet += 1;
        return null;
      }
      const repeated = quiet;
      lastLogged = at;
      quiet = 0;
      return { repeated };
    },
    ended() {
      const wasFailing = lastLogged !== undefined;
      lastLogged = undefined;
      quiet = 0;
      return wasFailing;
    },
  };
}
