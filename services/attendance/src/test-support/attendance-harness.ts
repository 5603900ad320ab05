import { randomUUID } from 'node:crypto';
import { createInProcessBus, topicForFamily, type Bus, type EventEnvelope } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { everyPermission, type Permissions, type Principal, type ScheduleState } from '@ams/contracts';
import { employeeSnapshot, scheduleState } from '@ams/contracts/testing';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { createFaceEngine, type FaceEngine } from '@ams/face';
import { signPrincipal, type ServiceApp } from '@ams/service-kit';
import { testClock, type TestClock } from '@ams/service-kit/testing';
import { buildAttendanceWithContext } from '../app.ts';
import type { AttendanceContext } from '../context.ts';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from '../migrations.ts';

export const INTERNAL_SECRET = 'internal-secret-for-attendance-tests-0123456789';
export const PIN_PEPPER = 'pin-pepper-for-attendance-tests-0123456789abcd';
export const CLOCK_TICKET_SECRET = 'clock-ticket-secret-for-attendance-tests-01234';

export interface AttendanceHarness {
  app: ServiceApp;
  /** The app's own context: commands run through it wake its projections and share its caches. */
  ctx: AttendanceContext;
  pool: Pool;
  bus: Bus;
  clock: TestClock;
  faces: FaceEngine;
  /** Every attendance integration event published, in order. */
  events: EventEnvelope[];
  close(): Promise<void>;
}

/** The attendance service on its own database with the in-process bus, called as the gateway would. */
export async function startAttendance(options: { faces?: FaceEngine; bus?: Bus } = {}): Promise<AttendanceHarness> {
  const database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations });
  const pool = createPool({ connectionString: database.url, schema: ATTENDANCE_SCHEMA });
  const bus = options.bus ?? createInProcessBus();
  const events: EventEnvelope[] = [];
  if (!options.bus) await bus.subscribe('attendance-test', [topicForFamily('attendance')], async (event) => void events.push(event));
  const clock = testClock('2026-11-23T09:00:00.000Z');
  const faces = options.faces ?? createFaceEngine();
  const { app, ctx } = await buildAttendanceWithContext({
    pool,
    bus,
    faces,
    secrets: { internal: INTERNAL_SECRET, pinPepper: PIN_PEPPER, clockTicket: CLOCK_TICKET_SECRET },
    logLevel: 'silent',
    now: clock.now,
  });
  await app.ready();
  return {
    app,
    ctx,
    pool,
    bus,
    clock,
    faces,
    events,
    async close() {
      await app.close();
      if (!options.faces) await faces.close();
      if (!options.bus) await bus.close();
      await pool.end();
      await database.dispose();
    },
  };
}

export function asCaller(principal: Principal, ip = '198.51.100.7'): Record<string, string> {
  return signPrincipal(principal, INTERNAL_SECRET, { client: { ip, userAgent: 'vitest' } });
}

export const anonymous: Principal = { kind: 'anonymous' };

export function adminOf(companyId: string, permissions: Permissions = everyPermission): Principal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Admin', companyId, employeeId: null, permissions };
}

export function superAdmin(): Principal {
  return { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: everyPermission };
}

export function employeePrincipal(companyId: string, employeeId: string): Principal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Employee', companyId, employeeId, permissions: { attendance: ['read'] } };
}

export interface TestEmployee {
  employeeId: string;
  companyId: string;
  departmentId: string;
}

/** Makes an employee known as people would announce it. */
export async function announceEmployee(harness: AttendanceHarness, overrides: Parameters<typeof employeeSnapshot>[0] = {}): Promise<TestEmployee> {
  const snapshot = employeeSnapshot(overrides);
  await harness.bus.publish([testEvent('employee.EmployeeCreated', snapshot.employeeId, snapshot)]);
  return { employeeId: snapshot.employeeId, companyId: snapshot.companyId, departmentId: snapshot.departmentId };
}

/** A schedule as scheduling would announce it (default Monday–Friday 09:00–17:00, 7 paid hours). */
export async function announceSchedule(harness: AttendanceHarness, employee: TestEmployee, overrides: Partial<ScheduleState> = {}): Promise<ScheduleState> {
  const schedule = scheduleState(employee, overrides);
  await harness.bus.publish([testEvent('schedule.ScheduleAssigned', employee.employeeId, schedule)]);
  return schedule;
}

/** The company's clock settings as people would announce them. */
export async function announceSettings(
  harness: AttendanceHarness,
  companyId: string | null,
  overrides: { timezone?: string; timeFormat?: 1 | 2; ipRestriction?: string[]; faceAtUnregisteredBrowsers?: boolean } = {},
): Promise<void> {
  await harness.bus.publish([
    testEvent('settings.SettingsChanged', companyId ?? 'organisation', {
      companyId,
      country: 'UK',
      timezone: overrides.timezone ?? 'Europe/Lisbon',
      timeFormat: overrides.timeFormat ?? 1,
      rfidClock: false,
      ipRestriction: overrides.ipRestriction ?? [],
      faceAtUnregisteredBrowsers: overrides.faceAtUnregisteredBrowsers ?? false,
    }),
  ]);
}
