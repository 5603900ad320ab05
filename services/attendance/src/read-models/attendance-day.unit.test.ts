import { describe, expect, it } from 'vitest';
import { defaultWorkTimeRules } from '@ams/contracts';
import { workDayId } from '../work-day/work-day-view.ts';
import type { PunchSource, Shift, WorkDayEvent } from '../work-day/work-day.ts';
import { historyOf, projectDay, type StoredDayEvent } from './attendance-day.ts';

const employeeId = '6f1c2b4e-8a0d-4c55-9d1e-2f3a4b5c6d7e';
const companyId = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const adminId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const workDate = '2026-11-23';
const shift: Shift = { scheduleId: 'c0ffee00-0000-4000-8000-000000000001', start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T17:00:00.000Z', totalHours: 7 };
const kiosk: PunchSource = {
  method: 'face',
  actorId: null,
  kioskId: 'lobby',
  clientIp: '203.0.113.5',
  matchScore: 0.91,
  spoofScore: 0.02,
  deviceTime: '2026-11-23T08:10:00.000Z',
};

let clock = Date.parse('2026-11-23T09:00:00.000Z');
function stored(...events: WorkDayEvent[]): StoredDayEvent[] {
  return events.map((event) => ({ ...event, recordedAt: new Date((clock += 60_000)) }));
}

const clockedIn = (at: string): WorkDayEvent => ({ type: 'ClockedIn', data: { employeeId, companyId, workDate, at, shift, source: kiosk } });
// Acme forgives 5 minutes late and counts overtime in 15-minute blocks; other companies follow the defaults.
const rulesOf = (company: string) =>
  company === companyId ? { lateGraceMinutes: 5, overtimeBeforeShift: false, overtimeMinimumMinutes: 15 } : defaultWorkTimeRules;
const times = (timeIn: string, timeOut: string | null) => ({ timeIn, breakIn: null, breakOut: null, timeOut });

describe('a projected work day', () => {
  it('sums up a clocked day from its punches by its company’s rules, since the last of them, updated when its last event was recorded', () => {
    const events = stored(
      clockedIn('2026-11-23T09:10:00.000Z'),
      { type: 'BreakStarted', data: { at: '2026-11-23T12:00:00.000Z', source: kiosk } },
      { type: 'BreakEnded', data: { at: '2026-11-23T13:00:00.000Z', source: kiosk } },
      { type: 'ClockedOut', data: { at: '2026-11-23T17:40:00.000Z', source: kiosk } },
    );
    const projected = projectDay(events, rulesOf);
    expect(projected?.workDayId).toBe(workDayId(employeeId, workDate));
    expect(projected?.day).toEqual({
      workDayId: workDayId(employeeId, workDate),
      employeeId,
      companyId,
      workDate,
      timeIn: '2026-11-23T09:10:00.000Z',
      breakIn: '2026-11-23T12:00:00.000Z',
      breakOut: '2026-11-23T13:00:00.000Z',
      timeOut: '2026-11-23T17:40:00.000Z',
      totalHours: 7.5,
      // 40 minutes after the shift end: two whole 15-minute blocks; 10 minutes late is beyond the grace.
      overtimeHours: 0.5,
      overtimeMinutes: 30,
      lateMinutes: 10,
      earlyDepartureMinutes: 0,
      arrivalStatus: 'late arrival',
      departureStatus: 'on time',
      state: 'left',
      since: '2026-11-23T17:40:00.000Z',
      reason: null,
      recordedOffline: false,
      updatedAt: events[3]?.recordedAt.toISOString(),
    });
  });

  it('is on a break since the break started', () => {
    const day = projectDay(
      stored(clockedIn('2026-11-23T08:55:00.000Z'), { type: 'BreakStarted', data: { at: '2026-11-23T12:00:00.000Z', source: kiosk } }),
      rulesOf,
    )?.day;
    expect(day).toMatchObject({ state: 'on-break', since: '2026-11-23T12:00:00.000Z', totalHours: null, arrivalStatus: 'on time', departureStatus: null });
  });

  it('keeps the latest admin reason, forgets it when the day is deleted, and takes the new one when it is recorded again', () => {
    const amended = stored(clockedIn('2026-11-23T09:10:00.000Z'), {
      type: 'AttendanceAmended',
      data: { times: times('2026-11-23T09:00:00.000Z', '2026-11-23T17:00:00.000Z'), reason: 'Badge reader was down', actorId: adminId },
    });
    expect(projectDay(amended, rulesOf)?.day).toMatchObject({
      reason: 'Badge reader was down',
      arrivalStatus: 'on time',
      departureStatus: 'on time',
      state: 'left',
      lateMinutes: 0,
    });

    const deleted = [...amended, ...stored({ type: 'AttendanceDeleted', data: { reason: 'Was on leave', actorId: adminId } })];
    expect(projectDay(deleted, rulesOf)).toEqual({ workDayId: workDayId(employeeId, workDate), day: null });

    const reclocked = [...deleted, ...stored(clockedIn('2026-11-23T10:00:00.000Z'))];
    expect(projectDay(reclocked, rulesOf)?.day).toMatchObject({ reason: null, timeIn: '2026-11-23T10:00:00.000Z', state: 'working' });
    const recorded = [
      ...deleted,
      ...stored({
        type: 'AttendanceRecorded',
        data: {
          employeeId,
          companyId,
          workDate,
          shift: null,
          times: times('2026-11-23T09:00:00.000Z', '2026-11-23T15:00:00.000Z'),
          reason: 'Forgot to clock',
          actorId: adminId,
        },
      }),
    ];
    expect(projectDay(recorded, rulesOf)?.day).toMatchObject({
      reason: 'Forgot to clock',
      arrivalStatus: null,
      departureStatus: null,
      totalHours: 6,
      overtimeHours: 0,
    });
  });

  it('says it was recorded offline while a time a kiosk replayed from offline is in force, until an admin replaces that time', () => {
    const offline: PunchSource = { ...kiosk, offline: { receivedAt: '2026-11-23T18:00:00.000Z', clockOffsetMs: 0 } };
    const breakStarted: WorkDayEvent = { type: 'BreakStarted', data: { at: '2026-11-23T12:00:00.000Z', source: offline } };
    const punched = stored(clockedIn('2026-11-23T09:00:00.000Z'), breakStarted, {
      type: 'BreakEnded',
      data: { at: '2026-11-23T13:00:00.000Z', source: kiosk },
    });
    expect(projectDay(punched, rulesOf)?.day?.recordedOffline).toBe(true);
    expect(projectDay(stored(clockedIn('2026-11-23T09:00:00.000Z')), rulesOf)?.day?.recordedOffline).toBe(false);

    const amend = (breakIn: string): WorkDayEvent => ({
      type: 'AttendanceAmended',
      data: {
        times: { timeIn: '2026-11-23T09:00:00.000Z', breakIn, breakOut: '2026-11-23T13:00:00.000Z', timeOut: '2026-11-23T17:00:00.000Z' },
        reason: 'Left at five',
        actorId: adminId,
      },
    });
    // The correction keeps the offline break start: the day still rests on the kiosk's clock.
    expect(projectDay([...punched, ...stored(amend('2026-11-23T12:00:00.000Z'))], rulesOf)?.day?.recordedOffline).toBe(true);
    expect(projectDay([...punched, ...stored(amend('2026-11-23T12:05:00.000Z'))], rulesOf)?.day?.recordedOffline).toBe(false);
    const recordedAgain = stored(
      { type: 'AttendanceDeleted', data: { reason: 'Wrong day', actorId: adminId } },
      {
        type: 'AttendanceRecorded',
        data: { employeeId, companyId, workDate, shift, times: times('2026-11-23T09:00:00.000Z', null), reason: 'Paper sheet', actorId: adminId },
      },
    );
    expect(projectDay([...punched, ...recordedAgain], rulesOf)?.day?.recordedOffline).toBe(false);
  });

  it('has nothing to project for a stream without work-day events', () => {
    expect(projectDay([], rulesOf)).toBeNull();
    expect(projectDay([{ type: 'SomethingElse', data: {}, recordedAt: new Date() }], rulesOf)).toBeNull();
  });
});

describe('a work day’s history', () => {
  it('lists every event with how, who and why; an admin’s change shows the times it replaced', () => {
    const events = stored(
      clockedIn('2026-11-23T09:10:00.000Z'),
      {
        type: 'AttendanceAmended',
        data: { times: times('2026-11-23T09:00:00.000Z', '2026-11-23T17:00:00.000Z'), reason: 'Badge reader was down', actorId: adminId },
      },
      { type: 'AttendanceDeleted', data: { reason: 'Was on leave', actorId: adminId } },
    );
    const [checkIn, amend, deletion] = historyOf(events);
    expect(checkIn).toEqual({
      type: 'ClockedIn',
      at: '2026-11-23T09:10:00.000Z',
      recordedAt: events[0]?.recordedAt.toISOString(),
      method: 'face',
      actorId: null,
      reason: null,
      details: { kioskId: 'lobby', clientIp: '203.0.113.5', matchScore: 0.91, spoofScore: 0.02, deviceTime: '2026-11-23T08:10:00.000Z', shift },
    });
    expect(amend).toMatchObject({
      type: 'AttendanceAmended',
      at: '2026-11-23T09:00:00.000Z',
      method: 'admin',
      actorId: adminId,
      reason: 'Badge reader was down',
      details: { times: times('2026-11-23T09:00:00.000Z', '2026-11-23T17:00:00.000Z'), previousTimes: times('2026-11-23T09:10:00.000Z', null) },
    });
    expect(deletion).toMatchObject({
      type: 'AttendanceDeleted',
      at: events[2]?.recordedAt.toISOString(),
      method: 'admin',
      actorId: adminId,
      reason: 'Was on leave',
      details: { previousTimes: times('2026-11-23T09:00:00.000Z', '2026-11-23T17:00:00.000Z') },
    });
  });
});
