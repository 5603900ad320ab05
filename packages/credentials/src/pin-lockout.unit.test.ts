import { describe, expect, it } from 'vitest';
import { countAttempt, giveBack, isLocked, lockDuration, PERSON_LOCKOUT, type AttemptCounter } from './pin-lockout.ts';

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
    expect(countAttempt(PERSON_LOCKOUT, four, start + 24 * 60 * MINUTE + 1)).toEqual({
      failures: 1,
      lastAttemptAt: start + 24 * 60 * MINUTE + 1,
      lockedUntil: null,
    });
  });

  it('gives someone an attempt back exactly: the counter as before when nothing else counted since', () => {
    const before = failTimes(4);
    const after = countAttempt(PERSON_LOCKOUT, before, start + MINUTE);
    expect(after.lockedUntil).toBe(start + 2 * MINUTE);
    expect(giveBack(PERSON_LOCKOUT, after, { before, after })).toEqual(before);
    const lockedBefore = failTimes(6);
    const lockedAfter = countAttempt(PERSON_LOCKOUT, lockedBefore, start + 3 * MINUTE);
    expect(lockedAfter.lockedUntil).toBe(start + 7 * MINUTE);
    // Not extended by the 4 minutes the attempt set: the earlier lock, as it was.
    expect(giveBack(PERSON_LOCKOUT, lockedAfter, { before: lockedBefore, after: lockedAfter })).toEqual(lockedBefore);
  });

  it('gives back one failure, with the lock the others leave, when another attempt counted meanwhile', () => {
    const before = failTimes(3);
    const after = countAttempt(PERSON_LOCKOUT, before, start);
    const meanwhile = countAttempt(PERSON_LOCKOUT, after, start + 1_000);
    expect(meanwhile.lockedUntil).toBe(start + 1_000 + MINUTE);
    expect(giveBack(PERSON_LOCKOUT, meanwhile, { before, after })).toEqual({ failures: 4, lastAttemptAt: start + 1_000, lockedUntil: null });
    const gone: AttemptCounter = { failures: 0, lastAttemptAt: start, lockedUntil: null };
    expect(giveBack(PERSON_LOCKOUT, gone, { before, after }).failures).toBe(0);
  });
});
