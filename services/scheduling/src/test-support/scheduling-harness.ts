import { randomUUID } from 'node:crypto';
import { createInProcessBus, topicForFamily, type Bus, type EventEnvelope } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { everyPermission, type EmployeeSnapshot, type Permissions, type Principal, type Schedule } from '@ams/contracts';
import { employeeSnapshot } from '@ams/contracts/testing';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { signPrincipal, type ServiceApp, type SignedInPrincipal } from '@ams/service-kit';
import { buildScheduling } from '../app.ts';
import { SCHEDULING_SCHEMA, schedulingMigrations } from '../migrations.ts';

export const INTERNAL_SECRET = 'internal-secret-for-scheduling-tests-0123456789';

export interface SchedulingHarness {
  app: ServiceApp;
  pool: Pool;
  bus: Bus;
  /** Every event scheduling published, in order. */
  events: EventEnvelope[];
  close(): Promise<void>;
}

/** The scheduling service on its own database with the in-process bus, called as the gateway would. */
export async function startScheduling(options: { now?: () => Date } = {}): Promise<SchedulingHarness> {
  const database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: SCHEDULING_SCHEMA, sources: schedulingMigrations });
  const pool = createPool({ connectionString: database.url, schema: SCHEDULING_SCHEMA });
  const bus = createInProcessBus();
  const events: EventEnvelope[] = [];
  await bus.subscribe('scheduling-test', [topicForFamily('schedule')], async (event) => {
    events.push(event);
  });
  const app = await buildScheduling({ pool, bus, secrets: { internal: INTERNAL_SECRET }, logLevel: 'silent', ...(options.now ? { now: options.now } : {}) });
  await app.ready();
  return {
    app,
    pool,
    bus,
    events,
    async close() {
      await app.close();
      await bus.close();
      await pool.end();
      await database.dispose();
    },
  };
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

/** Headers the gateway would add for this caller. */
export function asCaller(principal: Principal): Record<string, string> {
  return signPrincipal(principal, INTERNAL_SECRET, { client: { ip: '198.51.100.7', userAgent: 'vitest' } });
}

export const superAdmin: SignedInPrincipal = { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: {} };

export function adminOf(companyId: string, permissions: Permissions = everyPermission): SignedInPrincipal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Admin', companyId, employeeId: null, permissions };
}

export function employeeOf(employee: Pick<EmployeeSnapshot, 'companyId' | 'employeeId'>): SignedInPrincipal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Employee', companyId: employee.companyId, employeeId: employee.employeeId, permissions: { schedule: ['read'] } };
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

export type Method = 'GET' | 'POST' | 'PATCH';

export interface Answer {
  status: number;
  body: unknown;
  raw: string;
}

export async function call(app: ServiceApp, principal: Principal, method: Method, url: string, payload?: unknown): Promise<Answer> {
  const response = await app.inject({ method, url, headers: asCaller(principal), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined, raw: response.body };
}

export async function assign(app: ServiceApp, principal: Principal, fields: Record<string, unknown>): Promise<Schedule> {
  const response = await call(app, principal, 'POST', '/api/schedules', fields);
  if (response.status !== 201) throw new Error(`POST /api/schedules answered ${response.status}: ${response.raw}`);
  return response.body as Schedule;
}
