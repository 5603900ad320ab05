import type { UpstreamService } from '@ams/contracts';

/** One or several replicas of a service; read on every request, so a launcher may fill it in as services listen. */
export type UpstreamAddresses = Readonly<Partial<Record<UpstreamService, string | readonly string[]>>>;

export interface UpstreamPoolOptions {
  addresses: UpstreamAddresses;
  /** Whether a replica answers at all (its /health): asked only of replicas marked down. */
  probe?: (url: string) => Promise<boolean>;
  /** The first wait before probing a replica that failed, doubled up to `maxProbeDelayMs`. */
  probeDelayMs?: number;
  maxProbeDelayMs?: number;
  /** Told once when a replica goes down and once when it is back (not per failed request). */
  onChange?: (change: { service: UpstreamService; url: string; up: boolean; reason?: string }) => void;
}

export interface UpstreamPool {
  /** Whether the service has any address yet. */
  has(service: UpstreamService): boolean;
  /**
   * The next replica to send to, round robin over those up and not in `tried`; when none is up, one not
   * tried (a probe may simply not have noticed it is back). Undefined when every replica was tried.
   */
  pick(service: UpstreamService, tried?: readonly string[]): string | undefined;
  /** How many replicas the service has. */
  size(service: UpstreamService): number;
  /** A replica refused or dropped a connection: skip it until its probe answers. */
  markDown(service: UpstreamService, url: string, reason: string): void;
  /** Replicas currently marked down. */
  downReplicas(service: UpstreamService): readonly string[];
  close(): void;
}

const DEFAULT_PROBE_DELAY_MS = 250;
const DEFAULT_MAX_PROBE_DELAY_MS = 5_000;
const PROBE_TIMEOUT_MS = 1_000;

function addressesOf(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

async function answersHealth(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The replicas behind each service. Failures are noticed on the requests themselves (no polling while
 * everything is up: idle means idle); a replica that failed is skipped and probed with a growing delay
 * until it answers again.
 */
export function createUpstreamPool(options: UpstreamPoolOptions): UpstreamPool {
  const probe = options.probe ?? answersHealth;
  const firstDelay = options.probeDelayMs ?? DEFAULT_PROBE_DELAY_MS;
  const maxDelay = options.maxProbeDelayMs ?? DEFAULT_MAX_PROBE_DELAY_MS;
  const next = new Map<UpstreamService, number>();
  /** Down replicas by `service url`, with the timer of their next probe. */
  const down = new Map<string, NodeJS.Timeout | undefined>();
  let closed = false;
  const keyOf = (service: UpstreamService, url: string) => `${service} ${url}`;

  function scheduleProbe(service: UpstreamService, url: string, delay: number): void {
    const key = keyOf(service, url);
    const timer = setTimeout(() => {
      void probe(url).then((up) => {
        if (closed || !down.has(key)) return;
        if (!up) return scheduleProbe(service, url, Math.min(delay * 2, maxDelay));
        down.delete(key);
        options.onChange?.({ service, url, up: true });
      });
    }, delay);
    timer.unref();
    down.set(key, timer);
  }

  return {
    has: (service) => addressesOf(options.addresses[service]).length > 0,
    size: (service) => addressesOf(options.addresses[service]).length,
    pick(service, tried = []) {
      const replicas = addressesOf(options.addresses[service]);
      if (replicas.length === 1) return tried.length === 0 ? replicas[0] : undefined;
      const start = next.get(service) ?? 0;
      let fallback: string | undefined;
      for (let step = 0; step < replicas.length; step += 1) {
        const url = replicas[(start + step) % replicas.length] as string;
        if (tried.includes(url)) continue;
        if (!down.has(keyOf(service, url))) {
          next.set(service, (start + step + 1) % replicas.length);
          return url;
        }
        fallback ??= url;
      }
      return fallback;
    },
    markDown(service, url, reason) {
      const key = keyOf(service, url);
      if (closed || down.has(key)) return;
      options.onChange?.({ service, url, up: false, reason });
      scheduleProbe(service, url, firstDelay);
    },
    downReplicas: (service) => addressesOf(options.addresses[service]).filter((url) => down.has(keyOf(service, url))),
    close() {
      closed = true;
      for (const timer of down.values()) clearTimeout(timer);
      down.clear();
    },
  };
}
