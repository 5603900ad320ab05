/**
 * How wrong passwords and PINs from one client address are slowed. Only failures count: a right
 * credential is never counted, never delayed, and never sets or extends anything, so nobody behind an
 * office's shared address (hundreds of people behind one NAT, or every kiosk of a site) can lock the
 * others out. Guessing itself is bounded per person (each service's per-account or per-employee lockout)
 * and, per address, by the gateway's flood limit; see the README's "Throttling".
 *
 * A leaky bucket over failures (GCRA): an address may fail `burst` times at once, then once per
 * `refillMs`; beyond that its failures are answered "too many attempts" until it has cooled, for at most
 * `maxSlowMs`.
 */
export interface AddressFailurePolicy {
  /** Failures an address may make at once before its failures are slowed. */
  burst: number;
  /** The room of one failure comes back after this long. */
  refillMs: number;
  /** An address is never slowed for longer than this. */
  maxSlowMs: number;
}

/**
 * 50 at once: a 10% typing-error rate among 500 people arriving together; then one every 30 s (120 an
 * hour): a mistyped credential every half minute all day long never slows anybody.
 */
export const ADDRESS_FAILURE_LIMIT: AddressFailurePolicy = { burst: 50, refillMs: 30_000, maxSlowMs: 15 * 60_000 };

/**
 * The whole state of an address is one instant (epoch ms), `slowedUntil`: its failures are slowed while
 * that instant is ahead of now; once it is behind, the address has room for (now − slowedUntil) / refillMs
 * failures, at most `burst`. Null: no failure remembered.
 */
export type SlowedUntil = number | null;

/** The address's state after one more failure at `now`. */
export function afterAddressFailure(policy: AddressFailurePolicy, slowedUntil: SlowedUntil, now: number): number {
  const room = policy.burst * policy.refillMs;
  // The instant the bucket would be empty again (the GCRA's theoretical arrival time).
  const emptyAt = slowedUntil === null ? now : Math.max(now, slowedUntil + room);
  return Math.min(emptyAt + policy.refillMs - room, now + policy.maxSlowMs);
}

export function isSlowed(slowedUntil: SlowedUntil, now: number): boolean {
  return slowedUntil !== null && slowedUntil > now;
}
