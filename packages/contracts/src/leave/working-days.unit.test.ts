import { describe, expect, it } from 'vitest';
import { calendarDays } from '../dates.ts';
import { countWorkingDays, type ScheduleSpan } from './working-days.ts';

const weekendsOff: ScheduleSpan = { fromDate: '2020-01-01', toDate: null, restDays: ['saturday', 'sunday'] };

describe('countWorkingDays', () => {
  it('leaves out the rest days of the schedule', () => {
    // Monday 2026-03-02 to Sunday 2026-03-08.
    expect(countWorkingDays('2026-03-02', '2026-03-08', [weekendsOff])).toBe(5);
  });

  it('counts a single working day, and a single rest day as none', () => {
    expect(countWorkingDays('2026-03-04', '2026-03-04', [weekendsOff])).toBe(1);
    expect(countWorkingDays('2026-03-07', '2026-03-07', [weekendsOff])).toBe(0);
  });

  it('is zero when every day of the leave is a rest day', () => {
    expect(countWorkingDays('2026-03-07', '2026-03-08', [weekendsOff])).toBe(0);
  });

  it('crosses a month end and a year end', () => {
    // Friday 2026-01-30 to Monday 2026-02-02: Friday and Monday.
    expect(countWorkingDays('2026-01-30', '2026-02-02', [weekendsOff])).toBe(2);
    // Thursday 2026-12-31 to Monday 2027-01-04: Thursday, Friday and Monday.
    expect(countWorkingDays('2026-12-31', '2027-01-04', [weekendsOff])).toBe(3);
  });

  it('counts the leap day', () => {
    // Monday 2024-02-26 to Sunday 2024-03-03 holds Thursday 29 February.
    expect(calendarDays('2024-02-26', '2024-03-03')).toBe(7);
    expect(countWorkingDays('2024-02-26', '2024-03-03', [weekendsOff])).toBe(5);
    expect(countWorkingDays('2024-02-29', '2024-02-29', [{ ...weekendsOff, restDays: ['thursday'] }])).toBe(0);
    expect(calendarDays('2025-02-27', '2025-03-02')).toBe(4);
  });

  it('follows a schedule change in the middle of the leave', () => {
    // Monday 2026-06-01 to Sunday 2026-06-14; the second week has only Wednesday off.
    const schedules: ScheduleSpan[] = [
      { fromDate: '2026-01-01', toDate: '2026-06-07', restDays: ['saturday', 'sunday'] },
      { fromDate: '2026-06-08', toDate: null, restDays: ['wednesday'] },
    ];
    expect(countWorkingDays('2026-06-01', '2026-06-14', schedules)).toBe(5 + 6);
  });

  it('counts the dates no schedule covers as working days', () => {
    // Saturday 2026-05-30 to Sunday 2026-06-07; the schedule starts on Wednesday 2026-06-03 and
    // ends on Friday 2026-06-05: the uncovered weekends count, as do Monday and Tuesday.
    const schedule: ScheduleSpan = { fromDate: '2026-06-03', toDate: '2026-06-05', restDays: ['wednesday', 'saturday', 'sunday'] };
    expect(countWorkingDays('2026-05-30', '2026-06-07', [schedule])).toBe(9 - 1);
    expect(countWorkingDays('2026-05-30', '2026-06-07', [])).toBe(9);
  });

  it('takes the schedule that started last where two cover the same date', () => {
    const schedules: ScheduleSpan[] = [
      { fromDate: '2026-06-10', toDate: null, restDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
      weekendsOff,
    ];
    // Monday 2026-06-08 to Sunday 2026-06-14: Monday and Tuesday under weekendsOff, then only the weekend.
    expect(countWorkingDays('2026-06-08', '2026-06-14', schedules)).toBe(2 + 2);
    expect(countWorkingDays('2026-06-08', '2026-06-14', [...schedules].reverse())).toBe(2 + 2);
  });
});
