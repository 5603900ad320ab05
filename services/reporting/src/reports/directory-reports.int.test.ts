import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { adminOf, superAdmin } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { companyEvents, employeeCreated, leaveEvent, newCompany, scheduleEvent, signedIn, userSaved, workDayChanged } from '../test-support/fixture-events.ts';
import { startReporting, type ReportingHarness } from '../test-support/reporting-harness.ts';

// Seen on Monday 30 March 2026 at 12:00 UTC.
const acme = newCompany('Acme');
const globex = newCompany('Globex');
const annual = randomUUID();
const sick = randomUUID();
const ana = { employeeId: randomUUID(), companyId: acme.companyId };
const bea = { employeeId: randomUUID(), companyId: acme.companyId };
const old = { employeeId: randomUUID(), companyId: acme.companyId };
const gil = { employeeId: randomUUID(), companyId: globex.companyId };
const adminRole = randomUUID();
const users = { owner: randomUUID(), acmeAdmin: randomUUID(), anaUser: randomUUID() };

let reporting: ReportingHarness;

beforeAll(async () => {
  reporting = await startReporting({ startAt: '2026-03-30T12:00:00Z' });
  await reporting.bus.publish([
    ...companyEvents(acme, 'Europe/Lisbon'),
    ...companyEvents(globex, 'America/New_York'),
    testEvent('organisation.LeaveTypeSaved', annual, { leaveTypeId: annual, companyId: acme.companyId, name: 'Annual' }),
    testEvent('organisation.LeaveTypeSaved', sick, { leaveTypeId: sick, companyId: acme.companyId, name: 'Sick' }),
    employeeCreated(acme, {
      ...ana,
      firstName: 'Ana',
      lastName: 'Alves',
      birthday: '1990-03-31',
      gender: 'FEMALE',
      civilStatus: 'MARRIED',
      employmentType: 'regular',
    }),
    employeeCreated(acme, {
      ...bea,
      firstName: 'Bea',
      lastName: 'Braga',
      birthday: '2008-03-02',
      gender: 'FEMALE',
      civilStatus: null,
      employmentType: 'trainee',
    }),
    employeeCreated(acme, {
      ...old,
      firstName: 'Olavo',
      lastName: 'Old',
      birthday: '1960-07-14',
      gender: 'MALE',
      civilStatus: 'WIDOWED',
      employmentStatus: 'archived',
    }),
    employeeCreated(globex, { ...gil, firstName: 'Gil', lastName: 'Gomes', birthday: '1985-12-01', gender: 'MALE', civilStatus: 'SINGLE' }),
    scheduleEvent('Ended', ana, { startTime: '08:00:00.000Z', fromDate: '2026-01-01', toDate: '2026-03-22', status: 'previous' }),
    scheduleEvent('Assigned', ana, { fromDate: '2026-03-23' }),
    scheduleEvent('Assigned', gil, { fromDate: '2026-03-23', restDays: ['friday', 'saturday', 'sunday'] }),
    leaveEvent('Approved', ana, { leaveTypeId: annual, from: '2026-03-26', to: '2026-03-27', workingDays: 2 }),
    leaveEvent('Declined', ana, { leaveTypeId: sick, from: '2026-03-20', to: '2026-03-23', workingDays: 2 }),
    leaveEvent('Requested', bea, { leaveTypeId: annual, from: '2026-04-01', to: '2026-04-03', workingDays: 3 }),
    leaveEvent('Approved', bea, { leaveTypeId: annual, from: '2026-02-02', to: '2026-02-03', workingDays: 2 }),
    workDayChanged(ana, '2026-03-23', { timeIn: '2026-03-23T09:10:00Z', timeOut: '2026-03-23T17:00:00Z' }),
    workDayChanged(ana, '2026-03-24', { timeIn: '2026-03-24T09:00:00Z', timeOut: '2026-03-24T16:00:00Z' }),
    // A sign-in heard before the user it belongs to (another topic): kept all the same.
    signedIn(users.owner, '2026-03-27T08:00:00.000Z'),
    testEvent('identity.RoleSaved', adminRole, { roleId: adminRole, name: 'Administrator', companyId: null, userType: 'admin', permissions: {} }),
    userSaved({ userId: users.owner, name: 'Owner', accountType: 'SuperAdmin', companyId: null, roleId: adminRole }),
    userSaved({ userId: users.acmeAdmin, name: 'Acme Admin', accountType: 'Admin', companyId: acme.companyId, roleId: adminRole }),
    userSaved({ userId: users.anaUser, name: 'Ana Alves', accountType: 'Employee', companyId: acme.companyId, roleId: adminRole, status: 'disabled' }),
    signedIn(users.acmeAdmin, '2026-03-29T08:00:00.000Z'),
    signedIn(users.acmeAdmin, '2026-03-28T08:00:00.000Z'),
  ]);
});
afterAll(async () => {
  await reporting?.close();
});

describe('the employee attendance report', () => {
  it('counts each employee’s planned, present, absent and leave days and their attendance rate', async () => {
    const answer = await call<{ items: unknown[]; totals: unknown }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      '/api/reports/employee-attendance?from=2026-03-23&to=2026-03-29',
    );
    expect(answer.status).toBe(200);
    // Ana: Mon late 10, Tue early 60, Wed absent, Thu–Fri leave. Bea has no schedule; the archived Olavo has no days.
    expect(answer.body.items).toEqual([
      expect.objectContaining({
        employeeName: 'Ana Alves',
        scheduledDays: 5,
        daysPresent: 2,
        absences: 1,
        leaveDays: 2,
        lateArrivals: 1,
        earlyDepartures: 1,
        workedHours: 14.83,
        attendanceRate: 66.7,
      }),
      expect.objectContaining({ employeeName: 'Bea Braga', scheduledDays: 0, daysPresent: 0, absences: 0, attendanceRate: null }),
    ]);
    expect(answer.body.totals).toMatchObject({ scheduledDays: 5, daysPresent: 2, absences: 1, leaveDays: 2 });
  });
});

describe('the birthday report', () => {
  it('lists a month’s birthdays by day with the age turned, and counts every month', async () => {
    const answer = await call<{ items: unknown[]; perMonth: number[] }>(reporting, superAdmin, 'GET', '/api/reports/employee-birthdays?month=3');
    expect(answer.body.items).toEqual([
      expect.objectContaining({ employeeName: 'Bea Braga', day: 2, month: 3, turns: 18, birthday: '2008-03-02' }),
      expect.objectContaining({ employeeName: 'Ana Alves', day: 31, turns: 36 }),
    ]);
    // The archived employee's July is not counted; Gil's December is.
    expect(answer.body.perMonth).toEqual([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect((await call(reporting, superAdmin, 'GET', '/api/reports/employee-birthdays?month=13')).body).toMatchObject({
      detail: 'Month must be a number from 1 to 12',
    });
  });
});

describe('the employee leaves report', () => {
  it('groups the requests sharing a day with the period by employee, type and status', async () => {
    const answer = await call<{ items: unknown[]; totals: unknown }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      '/api/reports/employee-leaves?from=2026-03-01&to=2026-03-31',
    );
    expect(answer.body.items).toEqual([
      expect.objectContaining({ employeeName: 'Ana Alves', leaveTypeName: 'Annual', status: 'approved', requests: 1, workingDays: 2 }),
      expect.objectContaining({ employeeName: 'Ana Alves', leaveTypeName: 'Sick', status: 'declined', requests: 1, workingDays: 2 }),
    ]);
    expect(answer.body.totals).toEqual({
      requests: 2,
      workingDays: 4,
      byStatus: { approved: { requests: 1, workingDays: 2 }, declined: { requests: 1, workingDays: 2 } },
    });
    const pending = await call<{ items: unknown[] }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      '/api/reports/employee-leaves?from=2026-01-01&to=2026-12-31&leaveStatus=pending',
    );
    expect(pending.body.items).toEqual([expect.objectContaining({ employeeName: 'Bea Braga', status: 'pending', workingDays: 3 })]);
  });
});

describe('the employee list report', () => {
  it('gives every field with the organisation’s names and the age, within the caller’s company', async () => {
    const answer = await call<{ items: Array<Record<string, unknown>>; total: number }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      '/api/reports/employee-list',
    );
    expect(answer.body.total).toBe(3);
    expect(answer.body.items[0]).toMatchObject({
      firstName: 'Ana',
      lastName: 'Alves',
      companyName: 'Acme',
      departmentName: 'Acme Floor',
      jobTitleName: 'Operator',
      civilStatus: 'MARRIED',
      nationalId: 'N-1',
      age: 35,
    });
    const archived = await call<{ items: Array<Record<string, unknown>>; total: number }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      '/api/reports/employee-list?employmentStatus=archived',
    );
    expect(archived.body).toMatchObject({ total: 1, items: [{ firstName: 'Olavo', age: 65 }] });
    expect((await call<{ total: number; items: unknown[] }>(reporting, superAdmin, 'GET', '/api/reports/employee-list?page=3&pageSize=2')).body).toEqual({
      total: 4,
      items: [],
    });
  });
});

describe('the employee schedule report', () => {
  it('gives each active employee’s schedule in force on the date, or none', async () => {
    const answer = await call<{ items: unknown[]; total: number; withoutSchedule: number }>(
      reporting,
      superAdmin,
      'GET',
      '/api/reports/employee-schedule?date=2026-03-30',
    );
    expect(answer.body).toMatchObject({ date: '2026-03-30', total: 3, withoutSchedule: 1 });
    expect(answer.body.items).toEqual([
      expect.objectContaining({
        employeeName: 'Ana Alves',
        schedule: expect.objectContaining({ startTime: '09:00:00.000Z', fromDate: '2026-03-23', toDate: null }),
      }),
      expect.objectContaining({ employeeName: 'Bea Braga', schedule: null }),
      expect.objectContaining({ employeeName: 'Gil Gomes', schedule: expect.objectContaining({ restDays: ['friday', 'saturday', 'sunday'] }) }),
    ]);
    const before = await call<{ items: Array<{ schedule: { startTime: string } | null }> }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      '/api/reports/employee-schedule?date=2026-03-01',
    );
    expect(before.body.items[0]?.schedule?.startTime).toBe('08:00:00.000Z');
  });
});

describe('the organisation profile', () => {
  it('gives the population per company and department and the active employees’ demographics', async () => {
    const answer = await call<Record<string, Array<Record<string, unknown>>>>(reporting, superAdmin, 'GET', '/api/reports/organization-profile');
    expect(answer.body['companies']).toEqual([
      { companyId: acme.companyId, name: 'Acme', departments: 1, jobTitles: 1, active: 2, archived: 1 },
      { companyId: globex.companyId, name: 'Globex', departments: 1, jobTitles: 1, active: 1, archived: 0 },
    ]);
    const count = (list: string, key: string) => answer.body[list]?.find((entry) => entry['key'] === key)?.['count'];
    expect([count('ageBands', 'under 20'), count('ageBands', '30–39'), count('ageBands', '40–49'), count('ageBands', '60 and over')]).toEqual([1, 1, 1, 0]);
    expect([count('civilStatus', 'MARRIED'), count('civilStatus', 'SINGLE'), count('civilStatus', 'unknown'), count('civilStatus', 'WIDOWED')]).toEqual([
      1, 1, 1, 0,
    ]);
    expect([count('gender', 'FEMALE'), count('gender', 'MALE'), count('employmentType', 'trainee')]).toEqual([2, 1, 1]);
    const acmeOnly = await call<{ companies: unknown[] }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      `/api/reports/organization-profile?companyId=${globex.companyId}`,
    );
    expect(acmeOnly.body.companies).toEqual([]);
  });
});

describe('the user accounts report', () => {
  it('gives type, role, status, company and last sign-in; an Admin sees their company’s accounts', async () => {
    const all = await call<{ items: Array<Record<string, unknown>>; total: number; byAccountType: unknown; byStatus: unknown }>(
      reporting,
      superAdmin,
      'GET',
      '/api/reports/user-accounts',
    );
    expect(all.body).toMatchObject({ total: 3, byAccountType: { SuperAdmin: 1, Admin: 1, Employee: 1 }, byStatus: { enabled: 2, disabled: 1 } });
    expect(all.body.items.find((user) => user['userId'] === users.acmeAdmin)).toMatchObject({
      roleName: 'Administrator',
      companyName: 'Acme',
      status: 'enabled',
      lastSignInAt: '2026-03-29T08:00:00.000Z',
    });
    expect(all.body.items.find((user) => user['userId'] === users.owner)).toMatchObject({
      accountType: 'SuperAdmin',
      companyName: null,
      lastSignInAt: '2026-03-27T08:00:00.000Z',
    });
    expect(all.body.items.find((user) => user['userId'] === users.anaUser)).toMatchObject({ lastSignInAt: null });
    const mine = await call<{ items: Array<{ name: string }> }>(reporting, adminOf(acme.companyId), 'GET', '/api/reports/user-accounts?userStatus=disabled');
    expect(mine.body.items.map((user) => user.name)).toEqual(['Ana Alves']);
    expect((await call<{ total: number }>(reporting, adminOf(globex.companyId), 'GET', '/api/reports/user-accounts')).body.total).toBe(0);
  });

  it('never shows a SuperAdmin account to an Admin without a company, as the users list does not', async () => {
    const companyless = { ...adminOf(acme.companyId), companyId: null };
    const answer = await call<{ items: Array<{ accountType: string }>; total: number; byAccountType: Record<string, number> }>(
      reporting,
      companyless,
      'GET',
      '/api/reports/user-accounts',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((user) => user.accountType)).not.toContain('SuperAdmin');
    expect(answer.body.total).toBe(0);
    expect(answer.body.byAccountType['SuperAdmin'] ?? 0).toBe(0);
  });
});
