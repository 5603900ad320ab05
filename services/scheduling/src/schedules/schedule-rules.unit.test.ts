import { formatMessage } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import {
  assertChange,
  canonicalRestDays,
  isOvernight,
  overlaps,
  planArchive,
  planAssignment,
  planEmployeeArchive,
  type PlacedSchedule,
  type ScheduleShape,
} from './schedule-rules.ts';

const placed = (id: string, fromDate: string, toDate: string | null, status: PlacedSchedule['status']): PlacedSchedule => ({ id, fromDate, toDate, status });
const shape = (overrides: Partial<ScheduleShape> = {}): ScheduleShape => ({
  startTime: '09:00:00.000Z',
  offTime: '17:00:00.000Z',
  totalHours: 8,
  fromDate: '2026-01-05',
  toDate: null,
  ...overrides,
});

describe('calendar days', () => {
  it('treats an open end as running forever and both ends as included', () => {
    expect(overlaps({ fromDate: '2026-01-01', toDate: null }, { fromDate: '2030-01-01', toDate: '2030-01-02' })).toBe(true);
    expect(overlaps({ fromDate: '2026-01-01', toDate: '2026-01-31' }, { fromDate: '2026-01-31', toDate: null })).toBe(true);
    expect(overlaps({ fromDate: '2026-01-01', toDate: '2026-01-30' }, { fromDate: '2026-01-31', toDate: null })).toBe(false);
    expect(overlaps({ fromDate: '2026-02-01', toDate: null }, { fromDate: '2026-01-01', toDate: '2026-01-31' })).toBe(false);
  });
});

describe('shifts', () => {
  it('is overnight when the off time is not after the start time', () => {
    expect(isOvernight('22:00:00.000Z', '06:00:00.000Z')).toBe(true);
    expect(isOvernight('08:00:00.000Z', '08:00:00.000Z')).toBe(true);
    expect(isOvernight('06:00:00.000Z', '22:00:00.000Z')).toBe(false);
  });

  it('lists rest days once each, Monday first', () => {
    expect(canonicalRestDays(['sunday', 'monday', 'wednesday'])).toEqual(['monday', 'wednesday', 'sunday']);
  });
});

describe('assigning', () => {
  it('ends the current schedule the day before a new one, which stays upcoming until then', () => {
    expect(planAssignment([placed('a', '2026-01-05', null, 'current')], { fromDate: '2026-12-01', toDate: null })).toEqual([
      { id: 'a', toDate: '2026-11-30', explicit: false },
    ]);
  });

  it('shortens an upcoming schedule that a later one follows, and leaves alone one that ends before it', () => {
    const existing = [placed('a', '2026-01-05', '2026-11-30', 'current'), placed('b', '2026-12-01', null, 'upcoming')];
    expect(planAssignment(existing, { fromDate: '2027-01-01', toDate: null })).toEqual([{ id: 'b', toDate: '2026-12-31', explicit: false }]);
    expect(planAssignment([placed('a', '2026-01-05', '2026-06-30', 'current')], { fromDate: '2026-12-01', toDate: null })).toEqual([]);
  });

  it('refuses a period that reaches a schedule starting on or after it', () => {
    const existing = [placed('a', '2026-01-05', '2026-11-30', 'previous'), placed('b', '2026-12-01', null, 'current')];
    expect(() => planAssignment(existing, { fromDate: '2026-12-01', toDate: null })).toThrow(formatMessage('scheduleOverlaps', { fromDate: '2026-12-01' }));
    expect(() => planAssignment(existing, { fromDate: '2026-11-15', toDate: '2026-12-01' })).toThrow(
      formatMessage('scheduleOverlaps', { fromDate: '2026-12-01' }),
    );
    expect(() => planAssignment(existing, { fromDate: '2026-11-15', toDate: '2026-11-30' })).toThrow(
      formatMessage('scheduleOverlaps', { fromDate: '2026-01-05' }),
    );
  });

  it('never cuts a previous schedule short', () => {
    const existing = [placed('a', '2026-01-05', '2026-11-30', 'previous')];
    expect(() => planAssignment(existing, { fromDate: '2026-03-01', toDate: null })).toThrow(formatMessage('scheduleOverlaps', { fromDate: '2026-01-05' }));
  });

  it('fits a period before a later schedule into the history, touching nothing', () => {
    expect(planAssignment([placed('a', '2026-12-01', null, 'current')], { fromDate: '2026-06-01', toDate: '2026-06-30' })).toEqual([]);
  });
});

describe('changing', () => {
  const history = [placed('a', '2026-01-05', '2026-11-30', 'previous'), placed('b', '2026-12-01', null, 'current')];
  const others = (id: string) => history.filter((schedule) => schedule.id !== id);
  const [a, b] = history as [PlacedSchedule, PlacedSchedule];

  it('checks the hours and the dates of the merged schedule', () => {
    expect(() => assertChange(others('b'), b, shape({ fromDate: '2026-12-01', offTime: '15:00:00.000Z' }))).toThrow(formatMessage('hoursExceedShift'));
    expect(() => assertChange(others('b'), b, shape({ fromDate: '2026-12-01', toDate: '2026-11-30' }))).toThrow(formatMessage('scheduleEndsBeforeStart'));
  });

  it('refuses an overlap, an open previous schedule and a change of order', () => {
    expect(() => assertChange(others('a'), a, shape({ toDate: '2026-12-01' }))).toThrow(formatMessage('scheduleOverlaps', { fromDate: '2026-12-01' }));
    expect(() => assertChange(others('a'), a, shape({ toDate: null }))).toThrow(formatMessage('previousScheduleNeedsEnd'));
    expect(() => assertChange(others('b'), b, shape({ fromDate: '2025-01-01', toDate: '2025-12-31' }))).toThrow(formatMessage('scheduleMovedPastAnother'));
    expect(() => assertChange(others('a'), a, shape({ fromDate: '2027-01-01', toDate: '2027-01-31' }))).toThrow(
      formatMessage('scheduleOverlaps', { fromDate: '2026-12-01' }),
    );
  });

  it('accepts a correction that keeps the history in order', () => {
    expect(() => assertChange(others('a'), a, shape({ fromDate: '2026-02-01', toDate: '2026-11-29' }))).not.toThrow();
  });
});

describe('archiving', () => {
  it('ends an open or later-ending current schedule today, explicitly', () => {
    expect(planArchive(placed('a', '2026-01-05', null, 'current'), '2026-11-21')).toEqual({ id: 'a', toDate: '2026-11-21', explicit: true });
    expect(planArchive(placed('a', '2026-01-05', '2027-01-01', 'current'), '2026-11-21')).toEqual({ id: 'a', toDate: '2026-11-21', explicit: true });
  });

  it('refuses a previous schedule and one that has not started', () => {
    expect(() => planArchive(placed('a', '2026-01-05', '2026-06-30', 'previous'), '2026-11-21')).toThrow(formatMessage('scheduleAlreadyEnded'));
    expect(() => planArchive(placed('a', '2026-11-22', null, 'upcoming'), '2026-11-21')).toThrow(formatMessage('scheduleNotStarted'));
  });

  it('ends the schedule in force on the day an employee is archived and drops upcoming ones, leaving history alone', () => {
    const schedules = [
      placed('a', '2026-01-05', '2026-06-30', 'previous'),
      placed('b', '2026-07-01', '2026-11-30', 'current'),
      placed('c', '2026-12-01', null, 'upcoming'),
    ];
    expect(planEmployeeArchive(schedules, '2026-11-21')).toEqual({ endings: [{ id: 'b', toDate: '2026-11-21', explicit: true }], dropped: ['c'] });
  });
});
