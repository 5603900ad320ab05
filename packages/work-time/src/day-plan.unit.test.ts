import { describe, expect, it } from 'vitest';
import { datesBetween, scheduleOn, weekdayOf } from './day-plan.ts';

describe('the day plan’s calendar', () => {
  it('lists every date of a range, across a month and a year end', () => {
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesBetween('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('names weekdays from Monday', () => {
    expect(['2026-03-23', '2026-03-28', '2026-03-29'].map(weekdayOf)).toEqual(['monday', 'saturday', 'sunday']);
  });

  it('takes the latest-starting schedule covering a date, the first listed on a tie', () => {
    const ended = { id: 'ended', fromDate: '2026-01-01', toDate: '2026-03-22' };
    const current = { id: 'current', fromDate: '2026-03-23', toDate: null };
    const twin = { id: 'twin', fromDate: '2026-03-23', toDate: null };
    expect(scheduleOn([ended, current], '2026-03-22')?.id).toBe('ended');
    expect(scheduleOn([ended, current, twin], '2026-03-23')?.id).toBe('current');
    expect(scheduleOn([current], '2026-03-22')).toBeNull();
  });
});
