import { randomUUID } from 'node:crypto';
import type { Attendance, ClockAction, Principal } from '@ams/contracts';
import { call } from '@ams/service-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import type { AttendanceContext } from '../context.ts';
import { announceSettings, startAttendance, type AttendanceHarness, type TestEmployee } from './attendance-harness.ts';
import { punch, type PunchOutcome } from '../work-day/work-day-service.ts';
import type { PunchSource } from '../work-day/work-day.ts';

/** The context for calling the work-day service directly, as the routes do: the app's own (its relay, its caches). */
export function serviceContext(harness: AttendanceHarness): AttendanceContext {
  return harness.ctx;
}

/**
 * Starts the service for the test file, in an organisation on Europe/Lisbon time, before its tests (handing over
 * the harness and its context) and closes it after them.
 */
export function startedInLisbon(onStarted: (harness: AttendanceHarness, ctx: AttendanceContext) => void): void {
  let started: AttendanceHarness | undefined;
  beforeAll(async () => {
    started = await startAttendance();
    await announceSettings(started, null, { timezone: 'Europe/Lisbon' });
    onStarted(started, serviceContext(started));
  });
  afterAll(async () => {
    await started?.ctx.relay.stop();
    await started?.close();
  });
}

export const kioskSource: PunchSource = {
  method: 'pin',
  actorId: null,
  kioskId: 'front-door',
  clientIp: '203.0.113.10',
  matchScore: null,
  spoofScore: null,
  deviceTime: '2026-11-23T07:59:00.000Z',
};

/** A kiosk punch at `at` (the harness's clock). */
export function punchAt(harness: AttendanceHarness, ctx: AttendanceContext, employee: TestEmployee, action: ClockAction, at: string): Promise<PunchOutcome> {
  harness.clock.set(at);
  return punch(ctx, { employeeId: employee.employeeId, action, commandId: randomUUID(), source: kioskSource });
}

/** An admin records a whole day (through the API), with a reason. */
export async function recordDayAs(
  harness: AttendanceHarness,
  admin: Principal,
  employee: TestEmployee,
  workDate: string,
  times: { timeIn: string; timeOut: string | null; breakIn?: string; breakOut?: string },
  reason = 'Forgot to clock',
): Promise<Attendance> {
  const answer = await call<Attendance>(harness, admin, 'POST', '/api/attendance', { employeeId: employee.employeeId, workDate, reason, ...times });
  if (answer.status !== 201) throw new Error(`Recording ${workDate} failed: ${answer.status} ${answer.raw}`);
  return answer.body;
}
