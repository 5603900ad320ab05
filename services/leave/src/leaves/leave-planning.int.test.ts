import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import type { Leave } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { companyEvents, employeeCreated, newCompanyRecords, type CompanyRecords } from '../test-support/directory-events.ts';
import { startedWithTwoCompanies, type Staff } from '../test-support/leave-harness.ts';

const world = startedWithTwoCompanies();

type Page = { items: Leave[]; total: number };

/** An employee of the company in the department, with weekends off. */
const hire = (company: CompanyRecords, departmentId: string, overrides: { leaveGroupId?: string } = {}): Promise<Staff> =>
  world.hire(company, { departmentId, ...overrides });

async function requestLeave(staff: Staff, company: CompanyRecords, from: string, to: string, returnDate: string): Promise<Leave> {
  const response = await call<Leave>(world.leave, staff.principal, 'POST', '/api/me/leaves', {
    leaveTypeId: company.annualTypeId,
    reason: 'Rest',
    from,
    to,
    returnDate,
  });
  expect(response.status, response.raw).toBe(201);
  return response.body;
}

async function decide(company: CompanyRecords, leaveId: string, status: 'approved' | 'declined'): Promise<void> {
  const response = await call(world.leave, adminOf(company.companyId), 'PUT', `/api/leaves/${leaveId}/decision`, { status });
  expect(response.status, response.raw).toBe(200);
}

function detailOf(body: unknown): string | undefined {
  return (body as { detail?: string }).detail;
}

describe("the admin list's department filter", () => {
  it("lists the leave of the department's employees only, and tells each leave's department", async () => {
    const company = newCompanyRecords();
    await world.leave.bus.publish(companyEvents(company));
    const [sales, support] = [randomUUID(), randomUUID()];
    const seller = await hire(company, sales);
    const helper = await hire(company, support);
    const sold = await requestLeave(seller, company, '2026-06-01', '2026-06-05', '2026-06-08');
    const helped = await requestLeave(helper, company, '2026-06-01', '2026-06-05', '2026-06-08');
    const admin = adminOf(company.companyId);

    const inSales = await call<Page>(world.leave, admin, 'GET', `/api/leaves?departmentId=${sales}`);
    expect(inSales.body).toEqual({ items: [{ ...sold, departmentId: sales }], total: 1 });
    expect(sold.departmentId).toBe(sales);
    expect((await call<Page>(world.leave, admin, 'GET', `/api/leaves?departmentId=${support}&status=approved`)).body.total).toBe(0);
    await decide(company, helped.id, 'approved');
    const approvedInSupport = await call<Page>(world.leave, admin, 'GET', `/api/leaves?departmentId=${support}&status=approved&from=2026-06-05&to=2026-06-30`);
    expect(approvedInSupport.body.items.map((item) => item.id)).toEqual([helped.id]);
  });

  it('follows an employee who moves to another department', async () => {
    const company = newCompanyRecords();
    await world.leave.bus.publish(companyEvents(company));
    const [before, after] = [randomUUID(), randomUUID()];
    const mover = await hire(company, before);
    const requested = await requestLeave(mover, company, '2026-06-01', '2026-06-05', '2026-06-08');
    const moved = employeeCreated(company, { employeeId: mover.employeeId, departmentId: after });
    await world.leave.bus.publish([testEvent('employee.EmployeeUpdated', mover.employeeId, moved.payload)]);
    const admin = adminOf(company.companyId);
    expect((await call<Page>(world.leave, admin, 'GET', `/api/leaves?departmentId=${before}`)).body.total).toBe(0);
    expect((await call<Page>(world.leave, admin, 'GET', `/api/leaves?departmentId=${after}`)).body.items.map((item) => item.id)).toEqual([requested.id]);
  });

  it("never lists another company's leave, whatever department is asked for", async () => {
    const department = randomUUID();
    const acmeLeave = await requestLeave(await hire(world.acme, department), world.acme, '2026-09-07', '2026-09-08', '2026-09-09');
    const globexLeave = await requestLeave(await hire(world.globex, department), world.globex, '2026-09-07', '2026-09-08', '2026-09-09');
    const page = await call<Page>(world.leave, adminOf(world.globex.companyId), 'GET', `/api/leaves?departmentId=${department}`);
    expect(page.body.items.map((item) => item.id)).toEqual([globexLeave.id]);
    const everything = await call<Page>(world.leave, superAdmin, 'GET', `/api/leaves?departmentId=${department}`);
    expect(everything.body.items.map((item) => item.id).sort()).toEqual([acmeLeave.id, globexLeave.id].sort());
  });

  it('refuses a department that is not an id', async () => {
    const response = await call(world.leave, adminOf(world.acme.companyId), 'GET', '/api/leaves?departmentId=sales');
    expect({ status: response.status, detail: detailOf(response.body) }).toEqual({ status: 400, detail: 'Invalid id' });
  });
});

describe('the month calendar of who is off', () => {
  it("shows the pending and approved leave sharing a day with the month, in start order, not declined leave nor other months'", async () => {
    const company = newCompanyRecords();
    await world.leave.bus.publish(companyEvents(company));
    const department = randomUUID();
    const [ana, bea, cris, dora] = [
      await hire(company, department),
      await hire(company, department),
      await hire(company, department),
      await hire(company, department),
    ];
    // Ana's starts in October and ends in November; Bea's is in the middle; Cris's is declined; Dora's is in December.
    const across = await requestLeave(ana, company, '2026-10-29', '2026-11-03', '2026-11-04');
    const middle = await requestLeave(bea, company, '2026-11-16', '2026-11-20', '2026-11-23');
    const declined = await requestLeave(cris, company, '2026-11-09', '2026-11-10', '2026-11-11');
    await requestLeave(dora, company, '2026-12-01', '2026-12-02', '2026-12-03');
    await decide(company, middle.id, 'approved');
    await decide(company, declined.id, 'declined');
    const admin = adminOf(company.companyId);

    const november = await call<{ items: Leave[] }>(world.leave, admin, 'GET', '/api/leaves/calendar?month=2026-11');
    expect(november.status, november.raw).toBe(200);
    expect(november.body.items.map((item) => [item.id, item.status])).toEqual([
      [across.id, 'pending'],
      [middle.id, 'approved'],
    ]);
    const october = await call<{ items: Leave[] }>(world.leave, admin, 'GET', `/api/leaves/calendar?month=2026-10&departmentId=${department}`);
    expect(october.body.items.map((item) => item.id)).toEqual([across.id]);
    const elsewhere = await call<{ items: Leave[] }>(world.leave, admin, 'GET', `/api/leaves/calendar?month=2026-11&departmentId=${randomUUID()}`);
    expect(elsewhere.body.items).toEqual([]);
  });

  it("never shows another company's leave to an Admin, even when asked for that company", async () => {
    const acmeLeave = await requestLeave(await hire(world.acme, randomUUID()), world.acme, '2027-02-01', '2027-02-02', '2027-02-03');
    const globexLeave = await requestLeave(await hire(world.globex, randomUUID()), world.globex, '2027-02-01', '2027-02-02', '2027-02-03');
    const globexAdmin = adminOf(world.globex.companyId);
    const own = await call<{ items: Leave[] }>(world.leave, globexAdmin, 'GET', '/api/leaves/calendar?month=2027-02');
    expect(own.body.items.map((item) => item.id)).toEqual([globexLeave.id]);
    const asked = await call<{ items: Leave[] }>(world.leave, globexAdmin, 'GET', `/api/leaves/calendar?month=2027-02&companyId=${world.acme.companyId}`);
    expect(asked.body.items).toEqual([]);
    const all = await call<{ items: Leave[] }>(world.leave, superAdmin, 'GET', '/api/leaves/calendar?month=2027-02');
    expect(all.body.items.map((item) => item.id)).toEqual(expect.arrayContaining([acmeLeave.id, globexLeave.id]));
  });

  it('refuses a missing or malformed month', async () => {
    const admin = adminOf(world.acme.companyId);
    for (const query of ['', '?month=2026-13', '?month=2026-1', '?month=November']) {
      const response = await call(world.leave, admin, 'GET', `/api/leaves/calendar${query}`);
      expect({ status: response.status, detail: detailOf(response.body) }, query).toEqual({ status: 400, detail: 'Month must be a month (YYYY-MM)' });
    }
  });
});

describe('the leave types an employee may request', () => {
  it("lists the types of the employee's active leave group only, by name", async () => {
    const company = newCompanyRecords();
    const holidayTypeId = randomUUID();
    await world.leave.bus.publish([
      ...companyEvents(company),
      testEvent('organisation.LeaveTypeSaved', holidayTypeId, { leaveTypeId: holidayTypeId, companyId: company.companyId, name: 'Bank holiday' }),
      testEvent('organisation.LeaveGroupSaved', company.staffGroupId, {
        leaveGroupId: company.staffGroupId,
        companyId: company.companyId,
        name: 'Staff',
        description: 'Staff members',
        leaveTypeIds: [company.annualTypeId, holidayTypeId],
        status: 'active',
      }),
    ]);
    const member = await hire(company, randomUUID());
    const response = await call<{ items: Array<{ id: string; name: string }> }>(world.leave, member.principal, 'GET', '/api/me/leave-types');
    expect(response.status, response.raw).toBe(200);
    expect(response.body.items).toEqual([
      { id: company.annualTypeId, name: 'Annual' },
      { id: holidayTypeId, name: 'Bank holiday' },
    ]);
  });

  it('lists none for a member of a disabled group, and none for a user without an employee', async () => {
    const frozen = await hire(world.acme, randomUUID(), { leaveGroupId: world.acme.frozenGroupId });
    expect((await call(world.leave, frozen.principal, 'GET', '/api/me/leave-types')).body).toEqual({ items: [] });
    expect((await call(world.leave, employeePrincipal(world.acme.companyId, null), 'GET', '/api/me/leave-types')).body).toEqual({ items: [] });
  });
});
