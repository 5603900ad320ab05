import { describe, expect, it } from 'vitest';
import { createLogThrottle } from './log-throttle.ts';

describe('a log throttle', () => {
  it('lets the first occurrence through, then one per interval saying how many it stands for', () => {
    let now = 0;
    const throttle = createLogThrottle(60_000, () => now);
    const reports: Array<{ repeated: number } | null> = [];
    for (now = 0; now < 150_000; now += 10_000) reports.push(throttle.occurred());
    expect(reports.filter((report) => report !== null)).toEqual([{ repeated: 0 }, { repeated: 5 }, { repeated: 5 }]);
  });

  it('starts over once the failure ended, and says whether it had been reported', () => {
    let now = 0;
    const throttle = createLogThrottle(60_000, () => now);
    expect(throttle.ended()).toBe(false);
    throttle.occurred();
    now = 1_000;
    expect(throttle.ended()).toBe(true);
    expect(throttle.occurred()).toEqual({ repeated: 0 });
  });
});
