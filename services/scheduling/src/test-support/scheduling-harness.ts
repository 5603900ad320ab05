import type { Bus } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import type { EmployeeSnapshot, Principal, Schedule } from '@ams/contracts';
import { employeeSnapshot } from '@ams/contracts/testing';
import type { ServiceApp } from '@ams/service-kit';
import { call, startServiceHarness, type ServiceHarness } from '@ams/service-kit/testing';
import { buildScheduling } from '../app.ts';
import { SCHEDULING_SCHEMA, schedulingMigrations } from '../migrations.ts';

export type SchedulingHarness = ServiceHarness;

/** The scheduling service recording every event it publishes; its clock stands at `startAt` (default 2026-11-21 10:00 UTC). */
export async function startScheduling(options: { startAt?: string | Date; bus?: Bus } = {}): Promise<SchedulingHarness> {
  return startServiceHarness({
    schema: SCHEDULING_SCHEMA,
    migrations: schedulingMigrations,
    startAt: options.startAt ?? '2026-11-21T10:00:00Z',
    records: ['schedule'],
    build: buildScheduling,
    bus: options.bus,
  });
}

/**
 * Makes an employee known to scheduling as people would: an employee event on the bus, which the
 * directory applies before `publish` resolves.
 */
export async function hire(bus: Bus, overrides: Partial<EmployeeSnapshot> = {}): Promise<EmployeeSnapshot> {
  const snapshot = employeeSnapshot(overrides);
  await bus.publish([testEvent('employee.EmployeeCreated', snapshot.employeeId, snapshot)]);
  return snapshot;
}

export async function archiveEmployee(bus: Bus, employee: EmployeeSnapshot): Promise<void> {
  await bus.publish([testEvent('employee.EmployeeArchived', employee.employeeId, { ...employee, employmentStatus: 'archived' })]);
}

/** A valid schedule body: Monday to Friday, 09:00 to 17:00, 8 hours, open-ended. */
export function scheduleFields(employeeId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    employeeId,
    startTime: '09:00:00.000Z',
    offTime: '17:00:00.000Z',
    totalHours: 8,
    restDays: ['saturday', 'sunday'],
    fromDate: '2026-01-05',
    toDate: null,
    ...overrides,
  };
}

export async function assign(app: ServiceApp, principal: Principal, fields: Record<string, unknown>): Promise<Schedule> {
  const response = await call({ app }, principal, 'POST', '/api/schedules', fields);
  if (response.status !== 201) throw new Error(`POST /api/schedules answered ${response.status}: ${response.raw}`);
  return response.body as Schedule;
}
