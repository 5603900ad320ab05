import { describe, expect, it } from 'vitest';
import type { ScheduleState } from '@ams/contracts';
import { employeeSnapshot, scheduleState } from '@ams/contracts/testing';
import { dayFigures, type DayPlan, type Punches } from './day-figures.ts';
import { createDayPlanner, wallClockMinutes } from './day-planner.ts';

const rules = { lateGraceMinutes: 0, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 };
const at = (iso: string) => Date.parse(iso);
// Monday–Friday 09:00–17:00, 7 paid hours, from 2026-01-01.
const day = scheduleState(employeeSnapshot());
const night: ScheduleState = { ...day, startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8, restDays: ['sunday'] };
const plan = createDayPlanner();
const lisbon = (workDate: string, schedule: ScheduleState = day) => plan([schedule], workDate, 'Europe/Lisbon');
function punches(timeIn: string, timeOut: string | null, breakIn: string | null = null, breakOut: string | null = null): Punches {
  return {
    timeIn: at(timeIn),
    timeOut: timeOut === null ? null : at(timeOut),
    breakIn: breakIn === null ? null : at(breakIn),
    breakOut: breakOut === null ? null : at(breakOut),
  };
}
const figures = (p: DayPlan, punched: Punches | null, options: { onLeave?: boolean; now?: string; rules?: typeof rules } = {}) =>
  dayFigures({ plan: p, punches: punched, onLeave: options.onLeave ?? false, now: at(options.now ?? '2026-12-31T00:00:00Z'), rules: options.rules ?? rules });

describe('the day plan', () => {
  it('plans a day shift in the company’s zone with the schedule’s paid hours', () => {
    // Monday 23 November 2026, Lisbon is on UTC.
    expect(lisbon('2026-11-23')).toEqual({
      kind: 'working',
      shift: { start: at('2026-11-23T09:00:00Z'), end: at('2026-11-23T17:00:00Z'), scheduledMinutes: 420 },
    });
    expect(plan([day], '2026-11-23', 'America/New_York')).toMatchObject({ shift: { start: at('2026-11-23T14:00:00Z') } });
    expect(lisbon('2026-11-22')).toEqual({ kind: 'rest-day' });
    expect(lisbon('2025-12-31')).toEqual({ kind: 'no-schedule' });
  });

  it('ends an overnight shift the next morning, and plans the DST nights by their real length', () => {
    expect(lisbon('2026-11-24', night)).toEqual({
      kind: 'working',
      shift: { start: at('2026-11-24T22:00:00Z'), end: at('2026-11-25T06:00:00Z'), scheduledMinutes: 480 },
    });
    // 28–29 March 2026: Lisbon's clocks go forward at 01:00, so 22:00 → 06:00 lasts 7 hours.
    expect(lisbon('2026-03-28', night)).toEqual({
      kind: 'working',
      shift: { start: at('2026-03-28T22:00:00Z'), end: at('2026-03-29T05:00:00Z'), scheduledMinutes: 420 },
    });
    // 24–25 October 2026: they go back, 9 hours.
    expect(lisbon('2026-10-24', night)).toMatchObject({ shift: { scheduledMinutes: 540 } });
    expect(wallClockMinutes('22:00:00.000Z', '06:00:00.000Z')).toBe(480);
    expect(wallClockMinutes('09:00:00.000Z', '09:00:00.000Z')).toBe(1440);
  });

  it('keeps the shift a clocked day was clocked against, whatever the schedule says now; plans from the schedule when that shift is unknown', () => {
    const clocked = { start: at('2026-11-23T08:00:00Z'), end: at('2026-11-23T15:00:00Z'), hours: 6 };
    expect(plan([day], '2026-11-23', 'Europe/Lisbon', clocked)).toEqual({
      kind: 'working',
      shift: { start: clocked.start, end: clocked.end, scheduledMinutes: 360 },
    });
    // Clocked on what is a rest day by today's schedule: still the clocked shift.
    expect(plan([day], '2026-11-22', 'Europe/Lisbon', { ...clocked, start: at('2026-11-22T08:00:00Z'), end: at('2026-11-22T15:00:00Z') })).toMatchObject({
      kind: 'working',
    });
    // Recorded without a schedule, as attendance counts it.
    expect(plan([day], '2026-11-23', 'Europe/Lisbon', null)).toEqual({ kind: 'no-schedule' });
    expect(plan([day], '2026-11-23', 'Europe/Lisbon', 'unknown')).toEqual(lisbon('2026-11-23'));
    // The DST night clocked in on: 8 paid hours planned, an hour less in real time.
    expect(plan([day], '2026-03-28', 'Europe/Lisbon', { start: at('2026-03-28T22:00:00Z'), end: at('2026-03-29T05:00:00Z'), hours: 8 })).toMatchObject({
      shift: { scheduledMinutes: 420 },
    });
  });
});

describe('a day’s figures', () => {
  it('count worked time without the break, and overtime after the shift end', () => {
    const result = figures(lisbon('2026-11-23'), punches('2026-11-23T08:55:00Z', '2026-11-23T17:40:00Z', '2026-11-23T12:00:00Z', '2026-11-23T13:00:00Z'));
    expect(result).toEqual({
      kind: 'present',
      scheduledMinutes: 420,
      workedMinutes: 465,
      breakMinutes: 60,
      lateMinutes: 0,
      earlyDepartureMinutes: 0,
      overtimeMinutes: 40,
    });
  });

  it('count worked time to the second, as attendance does, and lateness in whole minutes', () => {
    const result = figures(lisbon('2026-11-23'), punches('2026-11-23T09:00:30Z', '2026-11-23T17:00:10Z', '2026-11-23T12:00:00Z', '2026-11-23T12:29:40Z'));
    // 479 min 40 s in, 29 min 40 s of break: 450 minutes worked; 30 seconds late is not a minute late.
    expect(result).toMatchObject({ workedMinutes: 450, breakMinutes: 30, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 0 });
    expect(figures(lisbon('2026-11-23'), punches('2026-11-23T09:00:30Z', '2026-11-23T17:00:00Z')).workedMinutes).toBeCloseTo(479.5, 6);
  });

  it('count an overnight shift across midnight as one day', () => {
    const result = figures(lisbon('2026-11-24', night), punches('2026-11-24T22:10:00Z', '2026-11-25T06:30:00Z'));
    expect(result).toMatchObject({ workedMinutes: 500, lateMinutes: 10, earlyDepartureMinutes: 0, overtimeMinutes: 30, scheduledMinutes: 480 });
  });

  it('count the DST night by real instants: a full shift is 7 hours worked and no overtime', () => {
    const result = figures(lisbon('2026-03-28', night), punches('2026-03-28T22:00:00Z', '2026-03-29T05:00:00Z'));
    expect(result).toMatchObject({ workedMinutes: 420, scheduledMinutes: 420, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 0 });
  });

  it('forgive an arrival within the grace minutes, and count all the minutes of one beyond it', () => {
    const graced = { ...rules, lateGraceMinutes: 5 };
    expect(figures(lisbon('2026-11-23'), punches('2026-11-23T09:05:00Z', '2026-11-23T17:00:00Z'), { rules: graced })).toMatchObject({ lateMinutes: 0 });
    expect(figures(lisbon('2026-11-23'), punches('2026-11-23T09:06:00Z', '2026-11-23T17:00:00Z'), { rules: graced })).toMatchObject({ lateMinutes: 6 });
    expect(figures(lisbon('2026-11-23'), punches('2026-11-23T09:05:00Z', '2026-11-23T17:00:00Z'))).toMatchObject({ lateMinutes: 5 });
  });

  it('count a late arrival that also leaves early as both', () => {
    const result = figures(lisbon('2026-11-23'), punches('2026-11-23T09:20:00Z', '2026-11-23T16:30:00Z'));
    expect(result).toMatchObject({ lateMinutes: 20, earlyDepartureMinutes: 30, overtimeMinutes: 0, workedMinutes: 430 });
  });

  it('count overtime in whole blocks of the minimum, and time before the shift only when the company says so', () => {
    const early = punches('2026-11-23T08:00:00Z', '2026-11-23T17:50:00Z');
    expect(figures(lisbon('2026-11-23'), early)).toMatchObject({ overtimeMinutes: 50 });
    expect(figures(lisbon('2026-11-23'), early, { rules: { ...rules, overtimeBeforeShift: true } })).toMatchObject({ overtimeMinutes: 110 });
    expect(figures(lisbon('2026-11-23'), early, { rules: { ...rules, overtimeBeforeShift: true, overtimeMinimumMinutes: 30 } })).toMatchObject({
      overtimeMinutes: 90,
    });
    expect(figures(lisbon('2026-11-23'), early, { rules: { ...rules, overtimeMinimumMinutes: 60 } })).toMatchObject({ overtimeMinutes: 0 });
  });

  it('count work on a rest day as overtime, and work without a schedule as worked time only', () => {
    expect(figures(lisbon('2026-11-22'), punches('2026-11-22T10:00:00Z', '2026-11-22T12:00:00Z'))).toMatchObject({
      kind: 'present',
      overtimeMinutes: 120,
      scheduledMinutes: 0,
    });
    expect(figures(lisbon('2025-12-31'), punches('2025-12-31T10:00:00Z', '2025-12-31T12:00:00Z'))).toMatchObject({
      kind: 'present',
      overtimeMinutes: 0,
      workedMinutes: 120,
    });
  });

  it('leave an open day’s worked time uncounted until its time out', () => {
    expect(figures(lisbon('2026-11-23'), punches('2026-11-23T09:00:00Z', null))).toMatchObject({
      kind: 'present',
      workedMinutes: 0,
      earlyDepartureMinutes: 0,
      overtimeMinutes: 0,
    });
  });

  it('mark a working day without punches as leave when approved leave covers it, else absent once its shift ended', () => {
    expect(figures(lisbon('2026-11-23'), null, { onLeave: true })).toMatchObject({ kind: 'leave', scheduledMinutes: 420 });
    expect(figures(lisbon('2026-11-23'), null)).toMatchObject({ kind: 'absent', scheduledMinutes: 420, workedMinutes: 0 });
    expect(figures(lisbon('2026-11-23'), null, { now: '2026-11-23T16:59:00Z' })).toMatchObject({ kind: 'upcoming' });
    expect(figures(lisbon('2026-11-22'), null, { onLeave: true })).toMatchObject({ kind: 'rest-day' });
    expect(figures(lisbon('2025-12-31'), null)).toMatchObject({ kind: 'no-schedule' });
  });
});
