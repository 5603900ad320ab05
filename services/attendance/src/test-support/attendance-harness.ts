import type { Bus } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { defaultWorkTimeRules, type ScheduleState, type WorkTimeRules } from '@ams/contracts';
import { employeeSnapshot, scheduleState } from '@ams/contracts/testing';
import type { TestDatabase } from '@ams/db/testing';
import { createFaceEngine, type FaceEngine } from '@ams/face';
import { startServiceHarness, type ServiceHarness } from '@ams/service-kit/testing';
import type { Polling } from '@ams/worker';
import { buildAttendanceWithContext } from '../app.ts';
import type { AttendanceContext } from '../context.ts';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from '../migrations.ts';

export const PIN_PEPPER = 'pin-pepper-for-attendance-tests-0123456789abcd';
export const CLOCK_TICKET_SECRET = 'clock-ticket-secret-for-attendance-tests-01234';

export interface AttendanceHarness extends ServiceHarness {
  faces: FaceEngine;
  /** The app's own context: commands run through it wake its projections and share its caches. */
  ctx: AttendanceContext;
}

/**
 * The attendance service (with `faces`, or a face engine of its own) recording its integration events (on its own in-process bus; give it a Kafka
 * `bus` instead to observe it yourself), on a new database or the test's (migrated at start, as an upgrade), polling as
 * replicas do unless told (`polling`). Its clock
 * stands at Monday 2026-11-23 09:00 UTC until a test sets it.
 */
export async function startAttendance(options: { bus?: Bus; database?: TestDatabase; polling?: Polling; faces?: FaceEngine } = {}): Promise<AttendanceHarness> {
  // The model loads on the first face only, so tests without faces never pay for it.
  const faces = options.faces ?? createFaceEngine();
  let ctx: AttendanceContext | undefined;
  const harness = await startServiceHarness({
    schema: ATTENDANCE_SCHEMA,
    migrations: attendanceMigrations,
    startAt: '2026-11-23T09:00:00.000Z',
    records: ['attendance'],
    build: async (deps) => {
      const built = await buildAttendanceWithContext({
        ...deps,
        faces,
        polling: options.polling,
        secrets: { ...deps.secrets, pinPepper: PIN_PEPPER, clockTicket: CLOCK_TICKET_SECRET },
      });
      ctx = built.ctx;
      return built.app;
    },
    bus: options.bus,
    database: options.database,
  });
  if (!options.faces) harness.onClose(() => faces.close());
  if (!ctx) throw new Error('buildAttendanceWithContext gave no context');
  return { ...harness, faces, ctx };
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

/** A company as people would announce it when saved, or when deleted. */
export async function announceCompany(harness: AttendanceHarness, companyId: string, change: 'saved' | 'deleted' = 'saved'): Promise<void> {
  await harness.bus.publish([
    change === 'saved'
      ? testEvent('organisation.CompanySaved', companyId, { companyId, name: 'Hiring soon Ltd' })
      : testEvent('organisation.CompanyDeleted', companyId, { companyId }),
  ]);
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
  overrides: {
    timezone?: string;
    timeFormat?: 1 | 2;
    ipRestriction?: string[];
    faceAtUnregisteredBrowsers?: boolean;
    rfidClock?: boolean;
    pinAfterCard?: boolean;
  } & Partial<WorkTimeRules> = {},
): Promise<void> {
  await harness.bus.publish([
    testEvent('settings.SettingsChanged', companyId ?? 'organisation', {
      companyId,
      country: 'UK',
      timezone: overrides.timezone ?? 'Europe/Lisbon',
      timeFormat: overrides.timeFormat ?? 1,
      rfidClock: overrides.rfidClock ?? false,
      pinAfterCard: overrides.pinAfterCard ?? false,
      ipRestriction: overrides.ipRestriction ?? [],
      faceAtUnregisteredBrowsers: overrides.faceAtUnregisteredBrowsers ?? false,
      lateGraceMinutes: overrides.lateGraceMinutes ?? defaultWorkTimeRules.lateGraceMinutes,
      overtimeBeforeShift: overrides.overtimeBeforeShift ?? defaultWorkTimeRules.overtimeBeforeShift,
      overtimeMinimumMinutes: overrides.overtimeMinimumMinutes ?? defaultWorkTimeRules.overtimeMinimumMinutes,
    }),
  ]);
}
