import { describe, expect, it } from 'vitest';
import { CLIENT_LOCKOUT, countAttempt, giveBack, isLocked, lockDuration, PERSON_LOCKOUT, unknownIdentifierScope, type AttemptCounter } from './pin-lockout.ts';

const MINUTE = 60_000;
const start = Date.parse('2026-11-23T09:00:00.000Z');
const fresh: AttemptCounter = { failures: 0, lastAttemptAt: start, lockedUntil: null };

function failTimes(times: number, counter: AttemptCounter = fresh, at = start): AttemptCounter {
  let current = counter;
  for (let i = 0; i < times; i += 1) current = countAttempt(PERSON_LOCKOUT, current, at);
  return current;
}

describe('PIN lockout', () => {
  it('locks a person for 1 minute at the 5th failure, doubling per further failure up to an hour', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12, 40].map((failures) => lockDuration(PERSON_LOCKOUT, failures) / MINUTE)).toEqual([0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('locks a client address only at the 20th failure, up to 15 minutes', () => {
    expect([19, 20, 21, 25, 100].map((failures) => lockDuration(CLIENT_LOCKOUT, failures) / MINUTE)).toEqual([0, 1, 2, 15, 15]);
  });

  it('counts each attempt and locks from the threshold on', () => {
    const four = failTimes(4);
    expect(four).toEqual({ failures: 4, lastAttemptAt: start, lockedUntil: null });
    const five = countAttempt(PERSON_LOCKOUT, four, start);
    expect(five.lockedUntil).toBe(start + MINUTE);
    expect(isLocked(five, start + MINUTE - 1)).toBe(true);
    expect(isLocked(five, start + MINUTE)).toBe(false);
    expect(countAttempt(PERSON_LOCKOUT, five, start + MINUTE).lockedUntil).toBe(start + 3 * MINUTE);
  });

  it('forgets failures after a day without attempts', () => {
    const four = failTimes(4);
    expect(countAttempt(PERSON_LOCKOUT, four, start + 24 * 60 * MINUTE).failures).toBe(5);
    expect(countAttempt(PERSON_LOCKOUT, four, start + 24 * 60 * MINUTE + 1)).toEqual({ failures: 1, lastAttemptAt: start + 24 * 60 * MINUTE + 1, lockedUntil: null });
  });

  it('gives back one attempt, and the lock only that attempt caused', () => {
    const atThreshold = failTimes(5);
    expect(giveBack(PERSON_LOCKOUT, atThreshold)).toMatchObject({ failures: 4, lockedUntil: null });
    const beyond = failTimes(6);
    expect(giveBack(PERSON_LOCKOUT, beyond)).toMatchObject({ failures: 5, lockedUntil: beyond.lockedUntil });
    expect(giveBack(PERSON_LOCKOUT, fresh).failures).toBe(0);
  });

  it('keys an unknown identifier whatever its case and spaces, without storing it', () => {
    const scope = unknownIdentifierScope(' Nobody@Example.com ');
    expect(scope.key).toBe(unknownIdentifierScope('nobody@example.com').key);
    expect(scope.key).not.toContain('nobody');
    expect(scope.policy).toBe(PERSON_LOCKOUT);
  });
});
