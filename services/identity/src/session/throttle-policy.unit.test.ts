import { describe, expect, it } from 'vitest';
import { afterFailure, minutesLeft, throttlePolicy } from './throttle-policy.ts';

const t0 = new Date('2026-11-21T09:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function failures(count: number, free: number, spacingMs = 1_000) {
  let state = null as ReturnType<typeof afterFailure> | null;
  for (let i = 0; i < count; i += 1) state = afterFailure(state, at(i * spacingMs), free);
  return state;
}

describe('login throttle policy', () => {
  it('locks nobody within the free failures', () => {
    expect(failures(5, 5)?.lockedUntil).toBeNull();
  });

  it('locks after the free failures, doubling the delay with each further failure', () => {
    const sixth = failures(6, 5);
    const seventh = failures(7, 5);
    expect(sixth?.lockedUntil?.getTime()).toBe(at(5_000).getTime() + 30_000);
    expect(seventh?.lockedUntil?.getTime()).toBe(at(6_000).getTime() + 60_000);
  });

  it('never locks for longer than the maximum, however many failures', () => {
    const state = failures(40, 5);
    expect(state?.lockedUntil?.getTime()).toBe(at(39_000).getTime() + throttlePolicy.maxLockMs);
  });

  it('keeps the lock grown for someone who waits out each lock and fails again a minute later', () => {
    let state = failures(6, 5);
    const locks: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const next = afterFailure(state, new Date((state?.lockedUntil?.getTime() ?? 0) + 60_000), 5);
      locks.push(((next.lockedUntil?.getTime() ?? 0) - next.lastFailureAt.getTime()) / 60_000);
      state = next;
    }
    expect(locks).toEqual([1, 2, 4, 8, 15, 15, 15, 15]);
  });

  it('forgets failures after a quiet time, so every lock ends for good', () => {
    const locked = failures(10, 5);
    const later = afterFailure(locked, at(9_000 + throttlePolicy.forgetAfterMs + 1), 5);
    expect(later).toEqual({ failures: 1, lastFailureAt: at(9_000 + throttlePolicy.forgetAfterMs + 1), lockedUntil: null });
  });

  it('rounds the time left up to whole minutes, at least one', () => {
    expect(minutesLeft(at(30_000), t0)).toBe(1);
    expect(minutesLeft(at(61_000), t0)).toBe(2);
  });
});
