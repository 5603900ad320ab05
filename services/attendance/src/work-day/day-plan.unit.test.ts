import { describe, expect, it } from 'vitest';
import { defaultWorkTimeRules, localDateOf, type ScheduleState } from '@ams/contracts';
import { scheduleState } from '@ams/contracts/testing';
import { planOf, shiftOn } from '@ams/work-time';
import { checkInDate, timeFormatter } from './day-plan.ts';
import { summarize, type WorkDayState } from './work-day.ts';

// Monday–Friday 09:00–17:00, 7 paid hours, from 2026-01-01.
const base = scheduleState({ employeeId: 'e-1', companyId: 'c-1' }, { scheduleId: 's-1' });
const night: ScheduleState = { ...base, scheduleId: 's-2', startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8, restDays: ['sunday'] };

describe('the day plan from the schedule, in the company’s time zone', () => {
  it('places wall-clock shift times in the zone, before and after a daylight-saving change', () => {
    expect(shiftOn(base, '2026-03-27', 'Europe/Lisbon')).toMatchObject({ start: '2026-03-27T09:00:00.000Z', end: '2026-03-27T17:00:00.000Z' });
    expect(shiftOn(base, '2026-03-30', 'Europe/Lisbon')).toMatchObject({ start: '2026-03-30T08:00:00.000Z', end: '2026-03-30T16:00:00.000Z' });
    expect(shiftOn(base, '2026-11-23', 'America/New_York')).toMatchObject({ start: '2026-11-23T14:00:00.000Z' });
  });

  it('ends an overnight shift the next day, with its real length across a DST night', () => {
    expect(shiftOn(night, '2026-11-23', 'Europe/Lisbon')).toMatchObject({ start: '2026-11-23T22:00:00.000Z', end: '2026-11-24T06:00:00.000Z' });
    // 28–29 March 2026: clocks go forward at 01:00 in Lisbon, so 22:00 → 06:00 lasts 7 hours.
    const dst = shiftOn(night, '2026-03-28', 'Europe/Lisbon');
    expect((Date.parse(dst.end) - Date.parse(dst.start)) / 3_600_000).toBe(7);
    // 24–25 October 2026: clocks go back, the same shift lasts 9 hours.
    const back = shiftOn(night, '2026-10-24', 'Europe/Lisbon');
    expect((Date.parse(back.end) - Date.parse(back.start)) / 3_600_000).toBe(9);
  });

  it('counts worked hours from real instants across the DST night', () => {
    const shift = shiftOn(night, '2026-03-28', 'Europe/Lisbon');
    const day: WorkDayState = {
      status: 'left',
      employeeId: 'e-1',
      companyId: 'c-1',
      workDate: '2026-03-28',
      shift,
      times: { timeIn: shift.start, breakIn: null, breakOut: null, timeOut: shift.end },
      offlineTimes: [],
    };
    expect(summarize(day, defaultWorkTimeRules)).toMatchObject({ totalHours: 7, arrivalStatus: 'on time', departureStatus: 'on time', overtimeHours: 0 });
  });

  it('knows rest days, days without a schedule and which schedule covers a date', () => {
    expect(planOf([base], '2026-11-22', 'Europe/Lisbon')).toEqual({ kind: 'rest-day' });
    expect(planOf([{ ...base, fromDate: '2027-01-01' }], '2026-11-23', 'Europe/Lisbon')).toEqual({ kind: 'no-schedule' });
    expect(
      planOf(
        [
          { ...base, toDate: '2026-11-22' },
          { ...night, fromDate: '2026-11-23' },
        ],
        '2026-11-23',
        'Europe/Lisbon',
      ),
    ).toMatchObject({ kind: 'working', shift: { scheduleId: 's-2' } });
  });
});

describe('the work date of a check-in', () => {
  it('is the local date in the company’s zone, not UTC’s', () => {
    expect(localDateOf('2026-11-23T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-24');
    expect(checkInDate([base], '2026-11-23T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-24');
  });

  it('belongs to the evening a night shift started on, even after midnight', () => {
    expect(checkInDate([night], '2026-11-23T21:55:00.000Z', 'Europe/Lisbon')).toBe('2026-11-23');
    expect(checkInDate([night], '2026-11-24T00:20:00.000Z', 'Europe/Lisbon')).toBe('2026-11-23');
    expect(checkInDate([night], '2026-11-24T07:00:00.000Z', 'Europe/Lisbon')).toBe('2026-11-24');
  });

  it('formats times as the settings ask (1: 24-hour, 2: 12-hour)', () => {
    expect(timeFormatter('Europe/Lisbon', 1)('2026-07-01T13:05:00.000Z')).toBe('14:05');
    expect(timeFormatter('Europe/Lisbon', 2)('2026-07-01T13:05:00.000Z')).toBe('2:05 PM');
  });
});
