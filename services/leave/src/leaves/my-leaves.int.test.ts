import { describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { formatMessage, NO_LEAVE_FOUND, type Leave } from '@ams/contracts';
import { adminOf, employeePrincipal, employeeSnapshot } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { companyEvents, newCompanyRecords, scheduleAssigned, type CompanyRecords } from '../test-support/directory-events.ts';
import { startedWithTwoCompanies, type Staff } from '../test-support/leave-harness.ts';

const world = startedWithTwoCompanies();
const { hire } = world;

/** Monday 1 to Friday 5 June 2026, back on Monday 8. */
function request(company: CompanyRecords, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { leaveTypeId: company.annualTypeId, from: '2026-06-01', to: '2026-06-05', reason: 'Family trip', returnDate: '2026-06-08', ...overrides };
}

async function requestLeave(staff: Staff, overrides: Record<string, unknown> = {}): Promise<Leave> {
  const response = await call<Leave>(world.leave, staff.principal, 'POST', '/api/me/leaves', request(world.acme, overrides));
  expect(response.status, response.raw).toBe(201);
  return response.body;
}

async function decide(leaveId: string, status: 'approved' | 'declined'): Promise<void> {
  const response = await call(world.leave, adminOf(world.acme.companyId), 'PUT', `/api/leaves/${leaveId}/decision`, { status });
  expect(response.status, response.raw).toBe(200);
}

async function storedLeavesOf(employeeId: string): Promise<number> {
  const { rows } = await world.leave.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM leaves WHERE employee_id = $1', [employeeId]);
  return rows[0]?.count ?? 0;
}

function detailOf(body: unknown): string | undefined {
  return (body as { detail?: string }).detail;
}

describe('requesting leave', () => {
  it('stores a pending request whose working days leave out the rest days, and announces its whole state', async () => {
    const ana = await hire(world.acme, { firstName: 'Ana' });
    // Monday 1 to Sunday 14 June: two weeks, weekends off.
    const created = await requestLeave(ana, { to: '2026-06-14', returnDate: '2026-06-15' });
    // What the answer and the announced event both carry.
    const requested = {
      employeeId: ana.employeeId,
      companyId: world.acme.companyId,
      leaveTypeId: world.acme.annualTypeId,
      from: '2026-06-01',
      to: '2026-06-14',
      returnDate: '2026-06-15',
      reason: 'Family trip',
      workingDays: 10,
      status: 'pending',
      comment: null,
    };
    expect(created).toMatchObject({ ...requested, employeeName: 'Ana Lima', leaveTypeName: 'Annual', decidedAt: null });

    expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${created.id}`)).body).toEqual(created);
    expect((await call(world.leave, ana.principal, 'GET', '/api/me/leaves')).body).toEqual({ items: [created], total: 1 });
    const announced = world.leave.events.filter((event) => event.payload.leaveId === created.id);
    expect(announced.map((event) => [event.type, event.key])).toEqual([['leave.LeaveRequested', ana.employeeId]]);
    expect(announced[0]?.payload).toEqual({ leaveId: created.id, ...requested, decidedBy: null });
  });

  it('counts the working days of each schedule when the schedule changes within the leave', async () => {
    const ana = await hire(world.acme, {}, { schedule: false });
    const first = scheduleAssigned(ana, { toDate: null });
    const ended = testEvent('schedule.ScheduleEnded', ana.employeeId, { ...first.payload, toDate: '2026-06-07', status: 'previous' });
    // From Monday 8 June only Wednesdays are off.
    const second = scheduleAssigned(ana, { fromDate: '2026-06-08', restDays: ['wednesday'] });
    await world.leave.bus.publish([first, ended, second]);
    const created = await requestLeave(ana, { to: '2026-06-14', returnDate: '2026-06-15' });
    expect(created.workingDays).toBe(5 + 6);
  });

  it('counts with the latest state of a changed schedule', async () => {
    const ana = await hire(world.acme, {}, { schedule: false });
    const assigned = scheduleAssigned(ana);
    await world.leave.bus.publish([assigned, testEvent('schedule.ScheduleChanged', ana.employeeId, { ...assigned.payload, restDays: ['sunday'] })]);
    // Monday 1 to Sunday 7 June: only Sunday is off now.
    const created = await requestLeave(ana, { to: '2026-06-07' });
    expect(created.workingDays).toBe(6);
  });

  it('counts every day that no schedule covers', async () => {
    const ana = await hire(world.acme, {}, { schedule: false });
    const created = await requestLeave(ana, { to: '2026-06-07' });
    expect(created.workingDays).toBe(7);
  });

  it('refuses a leave that has no working days', async () => {
    const ana = await hire(world.acme);
    const weekend = await call(world.leave, ana.principal, 'POST', '/api/me/leaves', request(world.acme, { from: '2026-06-06', to: '2026-06-07' }));
    expect({ status: weekend.status, detail: detailOf(weekend.body) }).toEqual({ status: 400, detail: formatMessage('leaveNoWorkingDays') });
    expect(await storedLeavesOf(ana.employeeId)).toBe(0);
  });

  it('answers with the form messages for missing and invalid fields', async () => {
    const ana = await hire(world.acme);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ leaveTypeId: undefined }, 'Leave type is required'],
      [{ leaveTypeId: 'annual' }, 'Leave type is required'],
      [{ reason: undefined }, 'Reason is required'],
      [{ reason: '   ' }, 'Reason is required'],
      [{ reason: 'x'.repeat(1001) }, 'Reason must be at most 1000 characters'],
      [{ from: undefined }, 'From must be a date (YYYY-MM-DD)'],
      [{ from: '01/06/2026' }, 'From must be a date (YYYY-MM-DD)'],
      [{ to: '2026-02-30' }, 'To must be a date (YYYY-MM-DD)'],
      [{ returnDate: undefined }, 'Return date must be a date (YYYY-MM-DD)'],
      [{ from: '2026-06-05', to: '2026-06-01' }, 'The leave cannot end before it starts'],
      [{ returnDate: '2026-06-05' }, 'The return date must be after the leave'],
      [{ to: '2027-06-05', returnDate: '2027-06-07' }, formatMessage('leaveTooLong')],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(world.leave, ana.principal, 'POST', '/api/me/leaves', request(world.acme, overrides));
      expect({ status: response.status, detail: detailOf(response.body) }, JSON.stringify(overrides)).toEqual({ status: 400, detail: message });
    }
    expect(await storedLeavesOf(ana.employeeId)).toBe(0);
  });

  it('refuses a leave type that the leave group does not list, and one of another company', async () => {
    const ana = await hire(world.acme);
    for (const leaveTypeId of [world.acme.unpaidTypeId, world.globex.annualTypeId]) {
      const response = await call(world.leave, ana.principal, 'POST', '/api/me/leaves', request(world.acme, { leaveTypeId }));
      expect({ status: response.status, detail: detailOf(response.body) }).toEqual({ status: 400, detail: formatMessage('leaveTypeNotAllowed') });
    }
    expect(await storedLeavesOf(ana.employeeId)).toBe(0);
  });

  it('refuses every leave type while the leave group is disabled, and allows them once it is active again', async () => {
    const initech = newCompanyRecords();
    await world.leave.bus.publish(companyEvents(initech));
    const ana = await hire(initech, { leaveGroupId: initech.frozenGroupId });
    const refused = await call(world.leave, ana.principal, 'POST', '/api/me/leaves', request(initech));
    expect({ status: refused.status, detail: detailOf(refused.body) }).toEqual({ status: 400, detail: formatMessage('leaveTypeNotAllowed') });

    await world.leave.bus.publish([
      testEvent('organisation.LeaveGroupSaved', initech.frozenGroupId, {
        leaveGroupId: initech.frozenGroupId,
        companyId: initech.companyId,
        name: 'Frozen',
        description: 'Thawed',
        leaveTypeIds: [initech.annualTypeId],
        status: 'active',
      }),
    ]);
    expect((await call(world.leave, ana.principal, 'POST', '/api/me/leaves', request(initech))).status).toBe(201);
  });

  it('refuses a request that overlaps a pending or approved one, but not a declined or withdrawn one', async () => {
    const ana = await hire(world.acme);
    const first = await requestLeave(ana);
    const overlapping = request(world.acme, { from: '2026-06-05', to: '2026-06-09', returnDate: '2026-06-10' });
    const whilePending = await call(world.leave, ana.principal, 'POST', '/api/me/leaves', overlapping);
    expect({ status: whilePending.status, detail: detailOf(whilePending.body) }).toEqual({ status: 409, detail: formatMessage('leaveOverlaps') });

    await decide(first.id, 'approved');
    const whileApproved = await call(world.leave, ana.principal, 'POST', '/api/me/leaves', overlapping);
    expect({ status: whileApproved.status, detail: detailOf(whileApproved.body) }).toEqual({ status: 409, detail: formatMessage('leaveOverlaps') });
    // The next week touches neither end.
    await requestLeave(ana, { from: '2026-06-08', to: '2026-06-12', returnDate: '2026-06-15' });

    const declined = await requestLeave(ana, { from: '2026-06-15', to: '2026-06-19', returnDate: '2026-06-22' });
    await decide(declined.id, 'declined');
    const withdrawn = await requestLeave(ana, { from: '2026-06-16', to: '2026-06-17', returnDate: '2026-06-18' });
    expect((await call(world.leave, ana.principal, 'DELETE', `/api/me/leaves/${withdrawn.id}`)).status).toBe(204);
    await requestLeave(ana, { from: '2026-06-16', to: '2026-06-17', returnDate: '2026-06-18' });

    // Another employee's leave on the same days is no obstacle.
    await requestLeave(await hire(world.acme));
  });

  it('lets only one of two concurrent overlapping requests through', async () => {
    const ana = await hire(world.acme);
    const weeks = [
      ['2026-06-01', '2026-06-05'],
      ['2026-06-08', '2026-06-12'],
      ['2026-06-15', '2026-06-19'],
      ['2026-06-22', '2026-06-26'],
      ['2026-06-29', '2026-07-03'],
    ];
    for (const [monday, friday] of weeks) {
      const body = request(world.acme, { from: monday, to: friday, returnDate: '2026-07-31' });
      const answers = await Promise.all([0, 1].map(() => call(world.leave, ana.principal, 'POST', '/api/me/leaves', body)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    }
    expect(await storedLeavesOf(ana.employeeId)).toBe(weeks.length);
  });

  it('gives an account without an employee record no leave to read and refuses its request', async () => {
    const unlinked = employeePrincipal(world.acme.companyId, null);
    const someLeave = await requestLeave(await hire(world.acme));
    for (const url of ['/api/me/leaves', `/api/me/leaves/${someLeave.id}`]) {
      const read = await call(world.leave, unlinked, 'GET', url);
      expect({ status: read.status, detail: detailOf(read.body) }, url).toEqual({ status: 404, detail: NO_LEAVE_FOUND });
    }
    const create = await call(world.leave, unlinked, 'POST', '/api/me/leaves', request(world.acme));
    expect({ status: create.status, detail: detailOf(create.body) }).toEqual({ status: 403, detail: formatMessage('accountNotLinked') });
    // An employee id the directory never heard of is no better.
    const unknown = await call(
      world.leave,
      employeePrincipal(world.acme.companyId, employeeSnapshot().employeeId),
      'POST',
      '/api/me/leaves',
      request(world.acme),
    );
    expect({ status: unknown.status, detail: detailOf(unknown.body) }).toEqual({ status: 403, detail: formatMessage('accountNotLinked') });
  });

  it('refuses an archived employee', async () => {
    const ana = await hire(world.acme);
    const archived = employeeSnapshot({
      employeeId: ana.employeeId,
      companyId: world.acme.companyId,
      leaveGroupId: world.acme.staffGroupId,
      employmentStatus: 'archived',
    });
    await world.leave.bus.publish([testEvent('employee.EmployeeArchived', ana.employeeId, archived)]);
    const response = await call(world.leave, ana.principal, 'POST', '/api/me/leaves', request(world.acme));
    expect({ status: response.status, detail: detailOf(response.body) }).toEqual({ status: 403, detail: formatMessage('archivedEmployeeNoLeave') });
  });
});

describe('changing and withdrawing my request', () => {
  it('changes a pending request, recounts its working days and announces the change', async () => {
    const ana = await hire(world.acme);
    const created = await requestLeave(ana);
    world.leave.clock.advance(1000);
    const changed = await call<Leave>(
      world.leave,
      ana.principal,
      'PUT',
      `/api/me/leaves/${created.id}`,
      request(world.acme, {
        leaveTypeId: world.acme.annualTypeId,
        to: '2026-06-10',
        returnDate: '2026-06-11',
        reason: 'Longer trip',
      }),
    );
    expect(changed.status, changed.raw).toBe(200);
    // Monday 1 to Wednesday 10 June: the weekend between does not count.
    expect(changed.body).toMatchObject({
      id: created.id,
      to: '2026-06-10',
      returnDate: '2026-06-11',
      reason: 'Longer trip',
      workingDays: 8,
      status: 'pending',
    });
    expect(changed.body.updatedAt > created.updatedAt).toBe(true);
    expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${created.id}`)).body).toEqual(changed.body);
    const announced = world.leave.events.filter((event) => event.payload.leaveId === created.id);
    expect(announced.map((event) => event.type)).toEqual(['leave.LeaveRequested', 'leave.LeaveChanged']);
    expect(announced[1]?.payload).toMatchObject({ to: '2026-06-10', reason: 'Longer trip', workingDays: 8, status: 'pending' });
  });

  it('refuses a change that overlaps another of my requests or has no working days', async () => {
    const ana = await hire(world.acme);
    const first = await requestLeave(ana);
    const second = await requestLeave(ana, { from: '2026-06-15', to: '2026-06-19', returnDate: '2026-06-22' });
    const overlapping = await call(
      world.leave,
      ana.principal,
      'PUT',
      `/api/me/leaves/${second.id}`,
      request(world.acme, { from: '2026-06-04', to: '2026-06-19', returnDate: '2026-06-22' }),
    );
    expect({ status: overlapping.status, detail: detailOf(overlapping.body) }).toEqual({ status: 409, detail: formatMessage('leaveOverlaps') });
    const weekend = await call(world.leave, ana.principal, 'PUT', `/api/me/leaves/${first.id}`, request(world.acme, { from: '2026-06-06', to: '2026-06-07' }));
    expect({ status: weekend.status, detail: detailOf(weekend.body) }).toEqual({ status: 400, detail: formatMessage('leaveNoWorkingDays') });
    expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${second.id}`)).body).toEqual(second);
    expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${first.id}`)).body).toEqual(first);
  });

  it('withdraws a pending request: it is gone and its last state is announced', async () => {
    const ana = await hire(world.acme);
    const created = await requestLeave(ana);
    expect((await call(world.leave, ana.principal, 'DELETE', `/api/me/leaves/${created.id}`)).status).toBe(204);
    const read = await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${created.id}`);
    expect({ status: read.status, detail: detailOf(read.body) }).toEqual({ status: 404, detail: NO_LEAVE_FOUND });
    expect((await call(world.leave, ana.principal, 'GET', '/api/me/leaves')).body).toEqual({ items: [], total: 0 });
    const withdrawn = world.leave.events.filter((event) => event.payload.leaveId === created.id);
    expect(withdrawn.map((event) => event.type)).toEqual(['leave.LeaveRequested', 'leave.LeaveWithdrawn']);
    expect(withdrawn[1]?.payload).toMatchObject({ leaveId: created.id, employeeId: ana.employeeId, from: '2026-06-01', to: '2026-06-05', status: 'pending' });
  });

  it('refuses to change or withdraw a request once it is decided', async () => {
    const ana = await hire(world.acme);
    const weeks = { approved: ['2026-06-01', '2026-06-05'], declined: ['2026-06-08', '2026-06-12'] } as const;
    for (const decision of ['approved', 'declined'] as const) {
      const [from, to] = weeks[decision];
      const created = await requestLeave(ana, { from, to, returnDate: '2026-06-30' });
      await decide(created.id, decision);
      const decided = (await call<Leave>(world.leave, ana.principal, 'GET', `/api/me/leaves/${created.id}`)).body;
      const eventsBefore = world.leave.events.length;

      const change = await call(
        world.leave,
        ana.principal,
        'PUT',
        `/api/me/leaves/${created.id}`,
        request(world.acme, { from: '2026-07-01', to: '2026-07-02', returnDate: '2026-07-03' }),
      );
      expect({ status: change.status, detail: detailOf(change.body) }, decision).toEqual({ status: 409, detail: formatMessage('leaveDecidedNoChange') });
      const withdraw = await call(world.leave, ana.principal, 'DELETE', `/api/me/leaves/${created.id}`);
      expect({ status: withdraw.status, detail: detailOf(withdraw.body) }, decision).toEqual({ status: 409, detail: formatMessage('leaveDecidedNoChange') });

      expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${created.id}`)).body).toEqual(decided);
      expect(world.leave.events.length).toBe(eventsBefore);
    }
  });

  it("answers 'No leave found!' for another employee's request and leaves it as it was", async () => {
    const ana = await hire(world.acme);
    const bruno = await hire(world.acme);
    const anas = await requestLeave(ana);
    const eventsBefore = world.leave.events.length;

    const attempts = [
      await call(world.leave, bruno.principal, 'GET', `/api/me/leaves/${anas.id}`),
      await call(world.leave, bruno.principal, 'PUT', `/api/me/leaves/${anas.id}`, request(world.acme, { reason: 'Hijacked' })),
      await call(world.leave, bruno.principal, 'DELETE', `/api/me/leaves/${anas.id}`),
    ];
    expect(attempts.map((attempt) => ({ status: attempt.status, detail: detailOf(attempt.body) }))).toEqual(
      Array.from({ length: 3 }, () => ({ status: 404, detail: NO_LEAVE_FOUND })),
    );
    expect((await call(world.leave, bruno.principal, 'GET', '/api/me/leaves')).body).toEqual({ items: [], total: 0 });
    expect((await call(world.leave, ana.principal, 'GET', `/api/me/leaves/${anas.id}`)).body).toEqual(anas);
    expect(world.leave.events.length).toBe(eventsBefore);
  });

  it('lists my requests newest first, filtered by status and paged', async () => {
    const ana = await hire(world.acme);
    // A second apart: newest first is by the time of the request.
    const june = await requestLeave(ana);
    world.leave.clock.advance(1000);
    const july = await requestLeave(ana, { from: '2026-07-06', to: '2026-07-10', returnDate: '2026-07-13' });
    world.leave.clock.advance(1000);
    const august = await requestLeave(ana, { from: '2026-08-03', to: '2026-08-07', returnDate: '2026-08-10' });
    await decide(july.id, 'approved');

    const all = await call<{ items: Leave[]; total: number }>(world.leave, ana.principal, 'GET', '/api/me/leaves');
    expect(all.body.items.map((item) => item.id)).toEqual([august.id, july.id, june.id]);
    const pending = await call<{ items: Leave[]; total: number }>(world.leave, ana.principal, 'GET', '/api/me/leaves?status=pending&pageSize=1&page=2');
    expect({ ids: pending.body.items.map((item) => item.id), total: pending.body.total }).toEqual({ ids: [june.id], total: 2 });
  });
});
