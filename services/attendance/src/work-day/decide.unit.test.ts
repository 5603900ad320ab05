import { describe, expect, it } from 'vitest';
import { defaultWorkTimeRules } from '@ams/contracts';
import { DeciderSpecification } from '@ams/event-store/testing';
import { ClockRefusal, InvalidTimes, workDayDecider, type DayPlan, type WorkDayCommand } from './decide.ts';
import { summarize, evolve, initialWorkDay, type PunchSource, type Shift, type WorkDayEvent } from './work-day.ts';

const spec = DeciderSpecification.for(workDayDecider);
const source: PunchSource = { method: 'pin', actorId: null, kioskId: 'door', clientIp: '10.0.0.5', matchScore: null, spoofScore: null, deviceTime: null };
const shift: Shift = { scheduleId: 's-1', start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T17:00:00.000Z', totalHours: 7 };
const working: DayPlan = { kind: 'working', shift };
const hhmm = (instant: string) => instant.slice(11, 16);

const checkIn = (now: string, plan: DayPlan = working): WorkDayCommand => ({
  type: 'CheckIn',
  employeeId: 'e-1',
  companyId: 'c-1',
  workDate: '2026-11-23',
  plan,
  now,
  source,
  formatTime: hhmm,
});
const punch = (type: 'StartBreak' | 'EndBreak' | 'CheckOut', now: string): WorkDayCommand => ({ type, now, source });
const clockedIn = (at = '2026-11-23T08:55:00.000Z'): WorkDayEvent => ({
  type: 'ClockedIn',
  data: { employeeId: 'e-1', companyId: 'c-1', workDate: '2026-11-23', at, shift, source },
});
const breakStarted: WorkDayEvent = { type: 'BreakStarted', data: { at: '2026-11-23T12:00:00.000Z', source } };
const breakEnded: WorkDayEvent = { type: 'BreakEnded', data: { at: '2026-11-23T13:00:00.000Z', source } };
const clockedOut: WorkDayEvent = { type: 'ClockedOut', data: { at: '2026-11-23T17:00:00.000Z', source } };
const refusedWith = (message: string) => (error: unknown) => error instanceof ClockRefusal && error.message === message;

describe('the daily clock flow (spec §4)', () => {
  it('checks in on a working day', () => {
    spec.given([]).when(checkIn('2026-11-23T08:55:00.000Z')).then([clockedIn()]);
  });

  it('refuses a second check-in, saying when the first was', () => {
    spec.given([clockedIn()]).when(checkIn('2026-11-23T09:30:00.000Z')).thenThrows(refusedWith('The employee has already checked in today at 08:55'));
  });

  it('refuses a check-in without a schedule and on a rest day', () => {
    spec
      .given([])
      .when(checkIn('2026-11-23T09:00:00.000Z', { kind: 'no-schedule' }))
      .thenThrows(refusedWith('No active schedule found for this employee.'));
    spec
      .given([])
      .when(checkIn('2026-11-23T09:00:00.000Z', { kind: 'rest-day' }))
      .thenThrows(refusedWith('Today is a rest day for this employee.'));
  });

  it('takes one break: break in, break out, then check out', () => {
    spec.given([clockedIn()]).when(punch('StartBreak', '2026-11-23T12:00:00.000Z')).then([breakStarted]);
    spec.given([clockedIn(), breakStarted]).when(punch('EndBreak', '2026-11-23T13:00:00.000Z')).then([breakEnded]);
    spec.given([clockedIn(), breakStarted, breakEnded]).when(punch('CheckOut', '2026-11-23T17:00:00.000Z')).then([clockedOut]);
  });

  it('refuses every punch before the check-in', () => {
    for (const type of ['StartBreak', 'EndBreak', 'CheckOut'] as const) {
      spec.given([]).when(punch(type, '2026-11-23T12:00:00.000Z')).thenThrows(refusedWith('No attendance data for this employee.'));
    }
  });

  it('refuses every punch after the check-out', () => {
    for (const type of ['StartBreak', 'EndBreak', 'CheckOut'] as const) {
      spec.given([clockedIn(), clockedOut]).when(punch(type, '2026-11-23T18:00:00.000Z')).thenThrows(refusedWith('This employee has already left work.'));
    }
  });

  it('refuses a second break, ending a break never started, and leaving while on a break', () => {
    spec
      .given([clockedIn(), breakStarted, breakEnded])
      .when(punch('StartBreak', '2026-11-23T15:00:00.000Z'))
      .thenThrows(refusedWith('This employee has already taken a break.'));
    spec.given([clockedIn()]).when(punch('EndBreak', '2026-11-23T13:00:00.000Z')).thenThrows(refusedWith('This employee did not start a break.'));
    spec
      .given([clockedIn(), breakStarted])
      .when(punch('CheckOut', '2026-11-23T17:00:00.000Z'))
      .thenThrows(refusedWith('This employee is currently on a break.'));
    spec
      .given([clockedIn(), breakStarted])
      .when(punch('StartBreak', '2026-11-23T12:30:00.000Z'))
      .thenThrows(refusedWith('This employee is currently on a break.'));
    spec
      .given([clockedIn(), breakStarted, breakEnded])
      .when(punch('EndBreak', '2026-11-23T13:30:00.000Z'))
      .thenThrows(refusedWith('This employee has already finished their break.'));
  });
});

describe('admin corrections', () => {
  const times = { timeIn: '2026-11-23T09:10:00.000Z', breakIn: null, breakOut: null, timeOut: '2026-11-23T17:00:00.000Z' };
  const record = (overrides: Partial<Extract<WorkDayCommand, { type: 'RecordAttendance' }>> = {}): WorkDayCommand => ({
    type: 'RecordAttendance',
    employeeId: 'e-1',
    companyId: 'c-1',
    workDate: '2026-11-23',
    plan: working,
    times,
    reason: 'Forgot to clock',
    actorId: 'admin-1',
    formatTime: hhmm,
    ...overrides,
  });

  it('records a forgotten day with the reason and the acting admin', () => {
    spec
      .given([])
      .when(record())
      .then([
        {
          type: 'AttendanceRecorded',
          data: { employeeId: 'e-1', companyId: 'c-1', workDate: '2026-11-23', shift, times, reason: 'Forgot to clock', actorId: 'admin-1' },
        },
      ]);
  });

  it('asks for the reason and the time', () => {
    spec
      .given([])
      .when(record({ reason: '  ' }))
      .thenThrows(refusedWith('Please write the reason'));
    spec
      .given([])
      .when(record({ times: { ...times, timeIn: '' } }))
      .thenThrows(refusedWith('You must enter the time.'));
    spec
      .given([])
      .when(record({ times: { ...times, timeOut: '2026-11-23T08:00:00.000Z' } }))
      .thenThrows(InvalidTimes);
  });

  it('refuses to record a rest day, naming the day', () => {
    spec
      .given([])
      .when(record({ plan: { kind: 'rest-day' } }))
      .thenThrows(refusedWith('This day 2026-11-23 is a rest day for this employee.'));
  });

  it('amends and deletes a day with a reason, and a deleted day can start again', () => {
    const amended = { ...times, timeIn: '2026-11-23T09:00:00.000Z' };
    spec
      .given([clockedIn()])
      .when({ type: 'AmendAttendance', times: amended, reason: 'Badge failed', actorId: 'admin-1' })
      .then([{ type: 'AttendanceAmended', data: { times: amended, reason: 'Badge failed', actorId: 'admin-1' } }]);
    spec
      .given([clockedIn()])
      .when({ type: 'DeleteAttendance', reason: 'Wrong person', actorId: 'admin-1' })
      .then([{ type: 'AttendanceDeleted', data: { reason: 'Wrong person', actorId: 'admin-1' } }]);
    spec
      .given([clockedIn(), { type: 'AttendanceDeleted', data: { reason: 'Wrong person', actorId: 'admin-1' } }])
      .when(checkIn('2026-11-23T09:05:00.000Z'))
      .then([clockedIn('2026-11-23T09:05:00.000Z')]);
    spec.given([]).when({ type: 'DeleteAttendance', reason: 'x', actorId: 'admin-1' }).thenThrows(refusedWith('No attendance data for this employee.'));
  });
});

describe('what a day amounts to', () => {
  const fold = (events: WorkDayEvent[]) => events.reduce(evolve, initialWorkDay());

  it('is on time with hours = out − in − break and overtime after the shift end', () => {
    const day = fold([clockedIn(), breakStarted, breakEnded, { type: 'ClockedOut', data: { at: '2026-11-23T17:30:00.000Z', source } }]);
    expect(summarize(day, defaultWorkTimeRules)).toEqual({
      totalHours: 7.58,
      breakMinutes: 60,
      lateMinutes: 0,
      earlyDepartureMinutes: 0,
      arrivalStatus: 'on time',
      departureStatus: 'on time',
      overtimeMinutes: 30,
      overtimeHours: 0.5,
    });
    // The 5 minutes before the shift count only where the company says so, and only in whole blocks.
    expect(summarize(day, { ...defaultWorkTimeRules, overtimeBeforeShift: true })).toMatchObject({ overtimeMinutes: 35 });
    expect(summarize(day, { ...defaultWorkTimeRules, overtimeBeforeShift: true, overtimeMinimumMinutes: 20 })).toMatchObject({
      overtimeMinutes: 20,
      overtimeHours: 0.33,
    });
  });

  it('is on time within the company’s grace minutes, and late by every minute beyond them', () => {
    const graced = { ...defaultWorkTimeRules, lateGraceMinutes: 5 };
    expect(summarize(fold([clockedIn('2026-11-23T09:05:00.000Z')]), graced)).toMatchObject({ arrivalStatus: 'on time', lateMinutes: 0 });
    expect(summarize(fold([clockedIn('2026-11-23T09:06:00.000Z')]), graced)).toMatchObject({ arrivalStatus: 'late arrival', lateMinutes: 6 });
  });

  it('is a late arrival after the shift start and an early departure before its end', () => {
    expect(summarize(fold([clockedIn('2026-11-23T09:20:00.000Z')]), defaultWorkTimeRules)).toMatchObject({
      arrivalStatus: 'late arrival',
      departureStatus: null,
      lateMinutes: 20,
      totalHours: null,
    });
    expect(summarize(fold([clockedIn(), { type: 'ClockedOut', data: { at: '2026-11-23T16:00:00.000Z', source } }]), defaultWorkTimeRules)).toMatchObject({
      arrivalStatus: 'on time',
      departureStatus: 'early departure',
      earlyDepartureMinutes: 60,
      totalHours: 7.08,
      // More hours than the plan's 7 is no overtime: the day ended before the shift did.
      overtimeHours: 0,
    });
  });

  it('keeps a late arrival that also left early as both', () => {
    expect(
      summarize(fold([clockedIn('2026-11-23T09:20:00.000Z'), { type: 'ClockedOut', data: { at: '2026-11-23T16:00:00.000Z', source } }]), defaultWorkTimeRules),
    ).toMatchObject({
      arrivalStatus: 'late arrival',
      departureStatus: 'early departure',
      lateMinutes: 20,
      earlyDepartureMinutes: 60,
    });
  });
});
