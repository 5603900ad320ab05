/** A clock the tests set or move forward; services take its `now` in place of the system clock. */
export interface TestClock {
  now(): Date;
  set(instant: string | Date): void;
  advance(ms: number): void;
}

export function testClock(start: string | Date): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (instant) => void (current = new Date(instant).getTime()),
    advance: (ms) => void (current += ms),
  };
}
