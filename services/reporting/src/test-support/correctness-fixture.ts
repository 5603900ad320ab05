import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@ams/bus';
import { companyEvents, employeeCreated, leaveEvent, newCompany, scheduleEvent, workDayChanged } from './fixture-events.ts';
import { startReporting, type ReportingHarness } from './reporting-harness.ts';

/*
 * The correctness fixture organisation, week of Monday 23 to Sunday 29 March 2026, seen on Monday 30 March at 12:00 UTC.
 * Acme (Europe/Lisbon: UTC+0 until the night of 28–29 March, then UTC+1), grace 5 min, overtime in 15-minute blocks:
 *   Ana, 09:00–17:00 (7 paid hours) Monday to Friday from 23 March (08:00–16:00 before):
 *     Mon 08:55–17:40, break 12:00–13:00: worked 465 min, overtime 40 → 30 (two blocks), not late
 *     Tue 09:20–16:30: late 20, early departure 30, worked 430
 *     Wed clocked 09:30–17:00, corrected by an admin to 09:04: within the grace, worked 476
 *     Thu nothing (a declined leave covers it): absent
 *     Fri approved leave: leave
 *   Bruno, 22:00–06:00 (8 paid hours), working Mondays and Saturdays:
 *     Mon 22:10 → Tue 06:30: late 10 (beyond the grace), worked 500, overtime 30
 *     Sat 22:00 → Sun 05:00 UTC (06:00 in Lisbon after the clocks went forward): the DST night, 7 hours planned, 7 worked
 * Globex (America/New_York, UTC−4 in late March), no grace, overtime by the minute, none before the shift:
 *   Carla, 09:00–17:00 (7 paid hours) Monday to Friday:
 *     Mon 09:02–17:00: late 2, worked 478
 *     Tue–Wed approved leave
 *     Thu 08:30–17:45: worked 555, overtime 45 (the half hour before the shift does not count)
 *     Fri absent (her request for it is still pending)
 *     Mon 30 clocked in at 08:55: working now
 */
export const acme = newCompany('Acme');
export const globex = newCompany('Globex');
export const annual = randomUUID();
export const ana = { employeeId: randomUUID(), companyId: acme.companyId };
export const bruno = { employeeId: randomUUID(), companyId: acme.companyId };
export const carla = { employeeId: randomUUID(), companyId: globex.companyId };
export const firstClockIn = workDayChanged(ana, '2026-03-25', { timeIn: '2026-03-25T09:30:00Z', timeOut: '2026-03-25T17:00:00Z' });

/** The fixture's events, in the order the projections hear them. */
export function correctnessEvents(): EventEnvelope[] {
  return [
    ...companyEvents(acme, 'Europe/Lisbon', { lateGraceMinutes: 5, overtimeMinimumMinutes: 15 }),
    ...companyEvents(globex, 'America/New_York'),
    employeeCreated(acme, { ...ana, firstName: 'Ana', lastName: 'Alves', createdAt: '2026-01-05T10:00:00.000Z' }),
    employeeCreated(acme, { ...bruno, firstName: 'Bruno', lastName: 'Barros', createdAt: '2026-02-05T10:00:00.000Z' }),
    employeeCreated(globex, { ...carla, firstName: 'Carla', lastName: 'Costa', createdAt: '2026-03-05T10:00:00.000Z' }),
    scheduleEvent('Ended', ana, { startTime: '08:00:00.000Z', offTime: '16:00:00.000Z', fromDate: '2026-01-01', toDate: '2026-03-22', status: 'previous' }),
    scheduleEvent('Assigned', ana, { fromDate: '2026-03-23' }),
    scheduleEvent('Assigned', bruno, {
      startTime: '22:00:00.000Z',
      offTime: '06:00:00.000Z',
      totalHours: 8,
      restDays: ['tuesday', 'wednesday', 'thursday', 'friday', 'sunday'],
      fromDate: '2026-03-23',
    }),
    scheduleEvent('Assigned', carla, { fromDate: '2026-03-23' }),
    // Cancelled before it started: it plans no day.
    scheduleEvent('Cancelled', carla, {
      startTime: '06:00:00.000Z',
      offTime: '10:00:00.000Z',
      totalHours: 4,
      fromDate: '2026-03-26',
      toDate: '2026-03-27',
      status: 'upcoming',
    }),
    leaveEvent('Declined', ana, { leaveTypeId: annual, from: '2026-03-26', to: '2026-03-26', workingDays: 1 }),
    leaveEvent('Approved', ana, { leaveTypeId: annual, from: '2026-03-27', to: '2026-03-27', workingDays: 1 }),
    leaveEvent('Approved', carla, { leaveTypeId: annual, from: '2026-03-24', to: '2026-03-25', workingDays: 2 }),
    leaveEvent('Requested', carla, { leaveTypeId: annual, from: '2026-03-27', to: '2026-03-27', workingDays: 1 }),
    workDayChanged(ana, '2026-03-23', {
      timeIn: '2026-03-23T08:55:00Z',
      breakIn: '2026-03-23T12:00:00Z',
      breakOut: '2026-03-23T13:00:00Z',
      timeOut: '2026-03-23T17:40:00Z',
    }),
    // Replayed by a kiosk that was offline.
    workDayChanged(ana, '2026-03-24', { timeIn: '2026-03-24T09:20:00Z', timeOut: '2026-03-24T16:30:00Z' }, { recordedOffline: true }),
    firstClockIn,
    workDayChanged(
      ana,
      '2026-03-25',
      { timeIn: '2026-03-25T09:04:00Z', timeOut: '2026-03-25T17:00:00Z' },
      { change: 'AttendanceAmended', reason: 'Kiosk was down' },
    ),
    workDayChanged(bruno, '2026-03-23', { timeIn: '2026-03-23T22:10:00Z', timeOut: '2026-03-24T06:30:00Z' }),
    workDayChanged(bruno, '2026-03-28', { timeIn: '2026-03-28T22:00:00Z', timeOut: '2026-03-29T05:00:00Z' }),
    workDayChanged(carla, '2026-03-23', { timeIn: '2026-03-23T13:02:00Z', timeOut: '2026-03-23T21:00:00Z' }),
    workDayChanged(carla, '2026-03-26', { timeIn: '2026-03-26T12:30:00Z', timeOut: '2026-03-26T21:45:00Z' }),
    workDayChanged(carla, '2026-03-30', { timeIn: '2026-03-30T12:55:00Z' }),
  ];
}

/** The reporting service where the fixture is seen (Monday 30 March at 12:00 UTC), its events and then `more` heard. */
export async function startWithCorrectnessFixture(more: EventEnvelope[] = []): Promise<ReportingHarness> {
  const reporting = await startReporting({ startAt: '2026-03-30T12:00:00Z' });
  await reporting.bus.publish([...correctnessEvents(), ...more]);
  return reporting;
}

/*
 * Issue 30's days, the fixture's second organisation (published by the tests that use it): Initech (UTC), no grace,
 * overtime by the minute, none before the shift. Olga, 09:00–17:00 (7 paid hours), no rest days, days recorded by an admin:
 *   Mon 22:21:05–22:21:21: worked 16 s (0.00 h), late 480 (the whole shift), overtime 0 (it used to show 5.35 h)
 *   Tue 22:21–23:01: worked 40 min (0.67 h), late 480, overtime 40 (0.67 h; it showed 6.02 h)
 *   Wed 08:00–18:00: worked 600 (10 h), overtime 60 (1 h; the hour before the shift does not count)
 *   Thu 12:00–20:00: worked 480 (8 h), late 180, overtime 180 (3 h)
 */
export const initech = newCompany('Initech');
export const olga = { employeeId: randomUUID(), companyId: initech.companyId };

export function arrivalsAfterShiftEvents(): EventEnvelope[] {
  return [
    ...companyEvents(initech, 'UTC'),
    employeeCreated(initech, { ...olga, firstName: 'Olga', lastName: 'Ortiz', createdAt: '2026-01-05T10:00:00.000Z' }),
    scheduleEvent('Assigned', olga, { restDays: [], fromDate: '2026-03-23' }),
    workDayChanged(olga, '2026-03-23', { timeIn: '2026-03-23T22:21:05Z', timeOut: '2026-03-23T22:21:21Z' }),
    workDayChanged(olga, '2026-03-24', { timeIn: '2026-03-24T22:21:00Z', timeOut: '2026-03-24T23:01:00Z' }),
    workDayChanged(olga, '2026-03-25', { timeIn: '2026-03-25T08:00:00Z', timeOut: '2026-03-25T18:00:00Z' }),
    workDayChanged(olga, '2026-03-26', { timeIn: '2026-03-26T12:00:00Z', timeOut: '2026-03-26T20:00:00Z' }),
  ];
}
