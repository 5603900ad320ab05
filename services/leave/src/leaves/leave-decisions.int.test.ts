import { describe, expect, it } from 'vitest';
import { formatMessage, NO_LEAVE_FOUND, type Leave } from '@ams/contracts';
import { adminOf, superAdmin } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { companyEvents, newCompanyRecords, type CompanyRecords } from '../test-support/directory-events.ts';
import { startedWithTwoCompanies, type Staff } from '../test-support/leave-harness.ts';

const world = startedWithTwoCompanies();
const { hire } = world;

type Page = { items: Leave[]; total: number };

async function requestLeave(
  staff: Staff,
  company: CompanyRecords,
  dates: { from: string; to: string; returnDate: string } = { from: '2026-06-01', to: '2026-06-05', returnDate: '2026-06-08' },
): Promise<Leave> {
  const response = await call<Leave>(world.leave, staff.principal, 'POST', '/api/me/leaves', { leaveTypeId: company.annualTypeId, reason: 'Rest', ...dates });
  expect(response.status, response.raw).toBe(201);
  return response.body;
}

function detailOf(body: unknown): string | undefined {
  return (body as { detail?: string }).detail;
}

describe('deciding a request', () => {
  it('approves a pending request with a comment that the employee then sees, and announces who decided', async () => {
    const ana = await hire(world.acme);
    const pending = await requestLeave(ana, world.acme);
    world.leave.clock.advance(1000);
    const admin = adminOf(world.acme.companyId);
    const approved = await call<Leave>(world.leave, admin, 'PUT', `/api/leaves/${pending.id}/decision`, { status: 'approved', comment: '  Enjoy the trip  ' });
    expect(approved.status, approved.raw).toBe(200);
    expect(approved.body).toMatchObject({ id: pending.id, status: 'approved', comment: 'Enjoy the trip', workingDays: 5 });
    expect(approved.body.decidedAt).toEqual(expect.any(String));
    expect(approved.body.decidedAt! > pending.createdAt).toBe(true);

    expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${pending.id}`)).body).toEqual(approved.body);
    expect((await call(world.leave, admin, 'GET', `/api/leaves/${pending.id}`)).body).toEqual(approved.body);
    const announced = world.leave.events.filter((event) => event.payload.leaveId === pending.id);
    expect(announced.map((event) => event.type)).toEqual(['leave.LeaveRequested', 'leave.LeaveApproved']);
    expect(announced[1]?.payload).toMatchObject({ status: 'approved', comment: 'Enjoy the trip', decidedBy: (admin as { userId: string }).userId });
  });

  it('declines without a comment', async () => {
    const ana = await hire(world.acme);
    const pending = await requestLeave(ana, world.acme);
    const declined = await call<Leave>(world.leave, adminOf(world.acme.companyId), 'PUT', `/api/leaves/${pending.id}/decision`, { status: 'declined' });
    expect(declined.body).toMatchObject({ status: 'declined', comment: null });
    expect((await call<Leave>(world.leave, ana.principal, 'GET', `/api/me/leaves/${pending.id}`)).body.status).toBe('declined');
    expect(world.leave.events.filter((event) => event.payload.leaveId === pending.id).map((event) => event.type)).toEqual([
      'leave.LeaveRequested',
      'leave.LeaveDeclined',
    ]);
  });

  it('refuses a second decision and keeps the first', async () => {
    const pending = await requestLeave(await hire(world.acme), world.acme);
    const admin = adminOf(world.acme.companyId);
    const first = await call<Leave>(world.leave, admin, 'PUT', `/api/leaves/${pending.id}/decision`, { status: 'approved', comment: 'Yes' });
    for (const status of ['declined', 'approved']) {
      const again = await call(world.leave, admin, 'PUT', `/api/leaves/${pending.id}/decision`, { status, comment: 'Changed my mind' });
      expect({ status: again.status, detail: detailOf(again.body) }).toEqual({ status: 409, detail: formatMessage('leaveAlreadyDecided') });
    }
    expect((await call(world.leave, admin, 'GET', `/api/leaves/${pending.id}`)).body).toEqual(first.body);
  });

  it('answers with the form messages for a decision', async () => {
    const pending = await requestLeave(await hire(world.acme), world.acme);
    const admin = adminOf(world.acme.companyId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Choose approve or decline'],
      [{ status: 'pending' }, 'Choose approve or decline'],
      [{ status: 'approved', comment: 'x'.repeat(1001) }, 'Comment must be at most 1000 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await call(world.leave, admin, 'PUT', `/api/leaves/${pending.id}/decision`, body);
      expect({ status: response.status, detail: detailOf(response.body) }, JSON.stringify(body)).toEqual({ status: 400, detail: message });
    }
    expect((await call<Leave>(world.leave, admin, 'GET', `/api/leaves/${pending.id}`)).body.status).toBe('pending');
  });

  it('does not let an Admin decide their own request', async () => {
    const boss = await hire(world.acme);
    const own = await requestLeave({ ...boss, principal: adminOf(world.acme.companyId, boss.employeeId) }, world.acme);
    const response = await call(world.leave, adminOf(world.acme.companyId, boss.employeeId), 'PUT', `/api/leaves/${own.id}/decision`, { status: 'approved' });
    expect({ status: response.status, detail: detailOf(response.body) }).toEqual({ status: 403, detail: formatMessage('ownLeaveDecision') });
    expect((await call<Leave>(world.leave, adminOf(world.acme.companyId), 'PUT', `/api/leaves/${own.id}/decision`, { status: 'approved' })).status).toBe(200);
  });
});

describe("an Admin's company scope", () => {
  it("shows an Admin of company B nothing of company A and lets them decide none of A's leave", async () => {
    const ana = await hire(world.acme);
    const acmeLeave = await requestLeave(ana, world.acme);
    const globexLeave = await requestLeave(await hire(world.globex), world.globex);
    const globexAdmin = adminOf(world.globex.companyId);
    const eventsBefore = world.leave.events.length;

    for (const url of ['/api/leaves', `/api/leaves?companyId=${world.acme.companyId}`, `/api/leaves?employeeId=${ana.employeeId}`]) {
      const page = await call<Page>(world.leave, globexAdmin, 'GET', url);
      expect(
        page.body.items.some((item) => item.companyId === world.acme.companyId),
        url,
      ).toBe(false);
    }
    expect((await call<Page>(world.leave, globexAdmin, 'GET', `/api/leaves?companyId=${world.acme.companyId}`)).body).toEqual({ items: [], total: 0 });
    expect((await call<Page>(world.leave, globexAdmin, 'GET', '/api/leaves')).body.items.map((item) => item.id)).toContain(globexLeave.id);

    const read = await call(world.leave, globexAdmin, 'GET', `/api/leaves/${acmeLeave.id}`);
    expect({ status: read.status, detail: detailOf(read.body) }).toEqual({ status: 404, detail: NO_LEAVE_FOUND });
    const decision = await call(world.leave, globexAdmin, 'PUT', `/api/leaves/${acmeLeave.id}/decision`, { status: 'declined' });
    expect({ status: decision.status, detail: detailOf(decision.body) }).toEqual({ status: 404, detail: NO_LEAVE_FOUND });

    expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${acmeLeave.id}`)).body).toEqual(acmeLeave);
    expect(world.leave.events.length).toBe(eventsBefore);
    // A SuperAdmin sees every company.
    const everything = (await call<Page>(world.leave, superAdmin, 'GET', '/api/leaves?pageSize=200')).body.items.map((item) => item.id);
    expect(everything).toEqual(expect.arrayContaining([acmeLeave.id, globexLeave.id]));
    expect((await call(world.leave, superAdmin, 'GET', `/api/leaves/${acmeLeave.id}`)).status).toBe(200);
  });
});

describe('the admin list', () => {
  it('filters by status, employee, leave type, company and dates, searches names, and pages pending requests first, then by start date (latest first)', async () => {
    const initech = newCompanyRecords();
    await world.leave.bus.publish(companyEvents(initech));
    const carla = await hire(initech, { firstName: 'Carla', lastName: 'Mendes' });
    const duarte = await hire(initech, { firstName: 'Duarte', lastName: 'Sousa' });
    // A second apart, in an order that is neither the pending-first nor the start-date one.
    const june = await requestLeave(carla, initech);
    world.leave.clock.advance(1000);
    const july = await requestLeave(carla, initech, { from: '2026-07-06', to: '2026-07-10', returnDate: '2026-07-13' });
    world.leave.clock.advance(1000);
    const duartes = await requestLeave(duarte, initech, { from: '2026-06-29', to: '2026-07-02', returnDate: '2026-07-03' });
    const admin = adminOf(initech.companyId);
    await call(world.leave, admin, 'PUT', `/api/leaves/${july.id}/decision`, { status: 'approved' });

    const ids = async (query: string) => {
      const page = await call<Page>(world.leave, admin, 'GET', `/api/leaves${query}`);
      expect(page.status, page.raw).toBe(200);
      return { ids: page.body.items.map((item) => item.id), total: page.body.total };
    };
    expect(await ids('')).toEqual({ ids: [duartes.id, june.id, july.id], total: 3 });
    expect(await ids('?status=approved')).toEqual({ ids: [july.id], total: 1 });
    expect(await ids('?status=pending')).toEqual({ ids: [duartes.id, june.id], total: 2 });
    expect(await ids(`?employeeId=${carla.employeeId}`)).toEqual({ ids: [june.id, july.id], total: 2 });
    expect(await ids(`?leaveTypeId=${initech.annualTypeId}`)).toEqual({ ids: [duartes.id, june.id, july.id], total: 3 });
    expect(await ids(`?leaveTypeId=${initech.unpaidTypeId}`)).toEqual({ ids: [], total: 0 });
    expect(await ids(`?companyId=${initech.companyId}`)).toEqual({ ids: [duartes.id, june.id, july.id], total: 3 });
    // Leaves that share a day with the range: Duarte's ends on 2 July, Carla's July leave starts on 6 July.
    expect(await ids('?from=2026-07-02&to=2026-07-06')).toEqual({ ids: [duartes.id, july.id], total: 2 });
    expect(await ids('?from=2026-07-03&to=2026-07-05')).toEqual({ ids: [], total: 0 });
    expect(await ids('?from=2026-07-11')).toEqual({ ids: [], total: 0 });
    expect(await ids('?to=2026-06-01')).toEqual({ ids: [june.id], total: 1 });
    expect(await ids('?search=carla')).toEqual({ ids: [june.id, july.id], total: 2 });
    expect(await ids('?search=SOUSA%20duarte')).toEqual({ ids: [duartes.id], total: 1 });
    expect(await ids('?search=carla%20sousa')).toEqual({ ids: [], total: 0 });
    expect(await ids('?search=%25')).toEqual({ ids: [], total: 0 });
    expect(await ids('?pageSize=2&page=2')).toEqual({ ids: [july.id], total: 3 });

    const first = (await call<Page>(world.leave, admin, 'GET', `/api/leaves?employeeId=${duarte.employeeId}`)).body.items[0];
    expect(first).toMatchObject({ employeeName: 'Duarte Sousa', leaveTypeName: 'Annual', workingDays: 4, status: 'pending' });
  });
});
