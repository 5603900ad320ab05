import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  calendarDays,
  datesBetween,
  daylightSavingMinutes,
  instantOfWallTime,
  localDateOf,
  monthRange,
  scheduleOn,
  wallTimeOf,
  weekdayOf,
} from './dates.ts';

const iso = (instant: number) => new Date(instant).toISOString();

describe('calendar dates', () => {
  it('add and take days across month, year and leap-day ends', () => {
    expect(addDays('2026-12-01', -1)).toBe('2026-11-30');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // No zone shifts a day, even across a night the clocks change.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('list every date of a range, across a month and a year end', () => {
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesBetween('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('count the calendar days of a range, both ends included', () => {
    expect(calendarDays('2024-02-26', '2024-03-03')).toBe(7);
    expect(calendarDays('2025-02-27', '2025-03-02')).toBe(4);
    expect(calendarDays('2026-03-04', '2026-03-04')).toBe(1);
  });

  it('span a month from its first to its last day, leap February included', () => {
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('name weekdays from Monday', () => {
    expect(['2026-03-23', '2026-03-28', '2026-03-29', '2024-02-29'].map(weekdayOf)).toEqual(['monday', 'saturday', 'sunday', 'thursday']);
  });
});

describe('the schedule on a date', () => {
  it('is the latest-starting one covering it, the first listed on a tie', () => {
    const ended = { id: 'ended', fromDate: '2026-01-01', toDate: '2026-03-22' };
    const current = { id: 'current', fromDate: '2026-03-23', toDate: null };
    const twin = { id: 'twin', fromDate: '2026-03-23', toDate: null };
    expect(scheduleOn([ended, current], '2026-03-22')?.id).toBe('ended');
    expect(scheduleOn([ended, current, twin], '2026-03-23')?.id).toBe('current');
    expect(scheduleOn([current, ended], '2026-03-23')?.id).toBe('current');
    expect(scheduleOn([current], '2026-03-22')).toBeNull();
  });
});

describe('ages', () => {
  it('count whole years, the birthday itself included', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('1990-06-15', '2026-12-01')).toBe(36);
  });

  it('let someone born on 29 February turn a year older on 1 March in other years', () => {
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
  });

  it('are 0 before the birthday (a newborn’s, not a negative age on a page) and unknown without one', () => {
    expect(ageOn('2026-11-29', '2026-11-28')).toBe(0);
    expect(ageOn('2027-01-01', '2026-01-01')).toBe(0);
    expect(ageOn(null, '2026-01-01')).toBeNull();
  });
});

describe('wall times in a zone', () => {
  it('read an instant as the zone’s date and clock, half-hour zones and date lines included', () => {
    expect(localDateOf('2026-11-21T23:30:00Z', 'UTC')).toBe('2026-11-21');
    expect(localDateOf('2026-11-21T23:30:00Z', 'Europe/Madrid')).toBe('2026-11-22');
    expect(localDateOf(new Date('2026-11-22T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-21');
    expect(wallTimeOf('2026-11-23T16:45:00.000Z', 'Asia/Kolkata')).toBe('22:15');
    expect(wallTimeOf(Date.parse('2026-07-01T08:00:00Z'), 'Europe/Lisbon')).toBe('09:00');
  });

  it('turn into instants by the offset in force, summer and winter', () => {
    expect(iso(instantOfWallTime('2026-12-01', '09:00', 'Europe/Lisbon'))).toBe('2026-12-01T09:00:00.000Z');
    expect(iso(instantOfWallTime('2026-07-01', '09:00:00.000Z', 'Europe/Lisbon'))).toBe('2026-07-01T08:00:00.000Z');
    expect(iso(instantOfWallTime('2026-07-01', '09:00', 'America/New_York'))).toBe('2026-07-01T13:00:00.000Z');
    expect(iso(instantOfWallTime('2026-11-23', '22:15', 'Asia/Kolkata'))).toBe('2026-11-23T16:45:00.000Z');
  });

  it('start a time the clock skips at the jump, and a time it shows twice at its first showing', () => {
    // Lisbon skips 01:00–02:00 on 29 March 2026: 01:30 is 02:00 summer time.
    expect(iso(instantOfWallTime('2026-03-29', '01:30', 'Europe/Lisbon'))).toBe('2026-03-29T01:00:00.000Z');
    expect(wallTimeOf(instantOfWallTime('2026-03-29', '01:30', 'Europe/Lisbon'), 'Europe/Lisbon')).toBe('02:00');
    // New York skips 02:00–03:00 on 8 March 2026.
    expect(iso(instantOfWallTime('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    // Lisbon shows 01:00–02:00 twice on 25 October 2026: first in summer time.
    expect(iso(instantOfWallTime('2026-10-25', '01:30', 'Europe/Lisbon'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(instantOfWallTime('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('are no instant when the date or time is not one', () => {
    expect(instantOfWallTime('', '09:00', 'Europe/Lisbon')).toBeNaN();
    expect(instantOfWallTime('2026-11-23', '', 'Europe/Lisbon')).toBeNaN();
  });

  it('measure how much a span gains or loses to the clock change', () => {
    const spring = [Date.parse('2026-03-28T22:00:00Z'), Date.parse('2026-03-29T05:00:00Z')] as const;
    const autumn = [Date.parse('2026-10-24T21:00:00Z'), Date.parse('2026-10-25T06:00:00Z')] as const;
    expect(daylightSavingMinutes(...spring, 'Europe/Lisbon')).toBe(-60);
    expect(daylightSavingMinutes(...autumn, 'Europe/Lisbon')).toBe(60);
    expect(daylightSavingMinutes(...spring, 'Asia/Tokyo')).toBe(0);
  });
});
