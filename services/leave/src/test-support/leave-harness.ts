import type { Bus } from '@ams/bus';
import type { EmployeeSnapshot, LeaveState, Principal } from '@ams/contracts';
import { employeePrincipal } from '@ams/contracts/testing';
import { startServiceHarness, type ServiceHarness } from '@ams/service-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { buildLeave } from '../app.ts';
import { LEAVE_SCHEMA, leaveMigrations } from '../migrations.ts';
import { companyEvents, employeeCreated, newCompanyRecords, scheduleAssigned, type CompanyRecords } from './directory-events.ts';

export type LeaveHarness = ServiceHarness<LeaveState>;

/**
 * The leave service recording every event it publishes (on its own in-process bus; give it a Kafka `bus`
 * instead to observe it yourself). Its clock stands at 2026-05-20 09:00 UTC until a test moves it.
 */
export async function startLeave(options: { bus?: Bus } = {}): Promise<LeaveHarness> {
  return startServiceHarness<LeaveState>({
    schema: LEAVE_SCHEMA,
    migrations: leaveMigrations,
    startAt: '2026-05-20T09:00:00Z',
    records: ['leave'],
    build: buildLeave,
    bus: options.bus,
  });
}

/** An employee as the tests use them: who they are and how they sign in. */
export interface Staff {
  employeeId: string;
  companyId: string;
  principal: Principal;
}

/** The leave service and two companies whose records it knows; set before the test file's tests run. */
export interface TwoCompanies {
  leave: LeaveHarness;
  acme: CompanyRecords;
  globex: CompanyRecords;
  /** A new employee of the company announced by people (`snapshot` over the defaults), with weekends off unless `schedule` is false. */
  hire: (company: CompanyRecords, snapshot?: Partial<EmployeeSnapshot>, options?: { schedule?: boolean }) => Promise<Staff>;
}

/** Starts leave for the test file with two companies' records announced (Acme's and Globex's), closed after its tests. */
export function startedWithTwoCompanies(): TwoCompanies {
  const world = {
    hire: async (company, snapshot = {}, options = {}) => {
      const created = employeeCreated(company, snapshot);
      const employee = { employeeId: created.payload.employeeId, companyId: company.companyId };
      await world.leave.bus.publish([created, ...(options.schedule === false ? [] : [scheduleAssigned(employee)])]);
      return { ...employee, principal: employeePrincipal(company.companyId, employee.employeeId) };
    },
  } as TwoCompanies;
  beforeAll(async () => {
    world.leave = await startLeave();
    world.acme = newCompanyRecords();
    world.globex = newCompanyRecords();
    await world.leave.bus.publish([...companyEvents(world.acme), ...companyEvents(world.globex)]);
  });
  afterAll(async () => {
    await world.leave?.close();
  });
  return world;
}
