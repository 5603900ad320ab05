import { describe, expect, it } from 'vitest';
import type { PunchSource, Shift, WorkDayEvent } from './work-day.ts';
import { historyOf, type StoredDayEvent } from './day-events.ts';

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
const times = (timeIn: string, timeOut: string | null) => ({ timeIn, breakIn: null, breakOut: null, timeOut });

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
