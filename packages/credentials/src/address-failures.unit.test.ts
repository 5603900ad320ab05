import { describe, expect, it } from 'vitest';
import { ADDRESS_FAILURE_LIMIT, afterAddressFailure, isSlowed, type AddressFailurePolicy, type SlowedUntil } from './address-failures.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const start = Date.parse('2026-11-23T09:00:00.000Z');
const policy: AddressFailurePolicy = { burst: 3, refillMs: 10 * SECOND, maxSlowMs: MINUTE };

function failures(times: number, at = start, from: SlowedUntil = null, rule = policy): SlowedUntil {
  let state = from;
  for (let i = 0; i < times; i += 1) state = afterAddressFailure(rule, state, at);
  return state;
}

describe('address failure limit', () => {
  it('lets an address fail `burst` times at once before slowing it', () => {
    expect(isSlowed(failures(3), start)).toBe(false);
    expect(isSlowed(failures(4), start)).toBe(true);
  });

  it('slows each failure beyond the burst by one more refill, up to the maximum', () => {
    expect(failures(4)).toBe(start + 10 * SECOND);
    expect(failures(5)).toBe(start + 20 * SECOND);
    expect(failures(100)).toBe(start + MINUTE);
  });

  it('gives back the room of one failure per refill: a steady failure every refill is never slowed', () => {
    let state: SlowedUntil = failures(3);
    for (let i = 1; i <= 50; i += 1) {
      state = afterAddressFailure(policy, state, start + i * 10 * SECOND);
      expect(isSlowed(state, start + i * 10 * SECOND)).toBe(false);
    }
    // Twice as fast after a whole burst is slowed at once.
    expect(isSlowed(afterAddressFailure(policy, failures(3), start + 5 * SECOND), start + 5 * SECOND)).toBe(true);
  });

  it('forgets every failure once the address has been quiet for the burst’s refills', () => {
    const slowed = failures(10);
    const quietFor = (slowed ?? 0) - start + policy.burst * policy.refillMs;
    expect(isSlowed(failures(3, start + quietFor, slowed), start + quietFor)).toBe(false);
    expect(isSlowed(failures(4, start + quietFor, slowed), start + quietFor)).toBe(true);
  });

  it('is sized for an office: 50 failures at once, then one every 30 s, never slowed over 15 minutes', () => {
    expect(ADDRESS_FAILURE_LIMIT).toEqual({ burst: 50, refillMs: 30 * SECOND, maxSlowMs: 15 * MINUTE });
    expect(isSlowed(failures(50, start, null, ADDRESS_FAILURE_LIMIT), start)).toBe(false);
    expect(failures(51, start, null, ADDRESS_FAILURE_LIMIT)).toBe(start + 30 * SECOND);
  });
});
