import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { startPeople, type PeopleHarness } from '../test-support/people-harness.ts';

let people: PeopleHarness;
let acme: string;
let globex: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(principal: Principal, method: Method, url: string, payload?: unknown) {
  const response = await people.app.inject({ method, url, headers: asCaller(principal), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

async function created(principal: Principal, url: string, payload: unknown): Promise<string> {
  const response = await call(principal, 'POST', url, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { id: string }).id;
}

beforeAll(async () => {
  people = await startPeople();
  acme = await created(superAdmin, '/api/companies', { name: 'Acme' });
  globex = await created(superAdmin, '/api/companies', { name: 'Globex' });
});
afterAll(async () => {
  await people?.close();
});

describe('companies', () => {
  it('are added and removed only by a SuperAdmin, while an Admin may rename its own', async () => {
    const admin = adminOf(acme);
    // The route table lets only a SuperAdmin add companies; the service checks that rule again itself.
    expect(await call(admin, 'POST', '/api/companies', { name: 'Initech' })).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to do this' },
    });
    expect(await call(admin, 'DELETE', `/api/companies/${acme}`)).toMatchObject({ status: 403 });
    expect(await call(admin, 'PUT', `/api/companies/${acme}`, { name: 'Acme Ltd' })).toMatchObject({ status: 200, body: { id: acme, name: 'Acme Ltd' } });
    expect(await call(admin, 'PUT', `/api/companies/${globex}`, { name: 'Mine now' })).toMatchObject({ status: 404, body: { detail: 'Company not found' } });
    expect((await call(superAdmin, 'GET', `/api/companies/${globex}`)).body).toMatchObject({ name: 'Globex' });
  });

  it('require a name and refuse a duplicate', async () => {
    expect(await call(superAdmin, 'POST', '/api/companies', {})).toMatchObject({ status: 400, body: { detail: 'Name is required' } });
    expect(await call(superAdmin, 'POST', '/api/companies', { name: '   ' })).toMatchObject({ status: 400, body: { detail: 'Name is required' } });
    expect(await call(superAdmin, 'POST', '/api/companies', { name: 'GLOBEX' })).toMatchObject({
      status: 409,
      body: { detail: 'A company with this name already exists' },
    });
  });

  it('are listed to an Admin as its own company only', async () => {
    const list = await call(adminOf(globex), 'GET', '/api/companies');
    expect(list.body).toMatchObject({ total: 1, items: [{ id: globex }] });
    const all = await call(superAdmin, 'GET', '/api/companies?search=glo');
    expect(all.body).toMatchObject({ total: 1, items: [{ name: 'Globex' }] });
  });
});

describe('departments, job titles, leave types and leave groups', () => {
  it('are created in the Admin’s company with every field required', async () => {
    const admin = adminOf(acme);
    expect(await call(admin, 'POST', '/api/departments', { name: 'Sales' })).toMatchObject({ status: 400, body: { detail: 'Company is required' } });
    const sales = await created(admin, '/api/departments', { name: 'Sales', companyId: acme });
    expect(await call(admin, 'POST', '/api/job-titles', { name: 'Rep', companyId: acme })).toMatchObject({
      status: 400,
      body: { detail: 'Department is required' },
    });
    const rep = await call(admin, 'POST', '/api/job-titles', { name: 'Rep', companyId: acme, departmentId: sales });
    expect(rep).toMatchObject({ status: 201, body: { name: 'Rep', departmentName: 'Sales', companyName: 'Acme Ltd' } });
    const annual = await created(admin, '/api/leave-types', { name: 'Annual', companyId: acme });
    const sick = await created(admin, '/api/leave-types', { name: 'Sick', companyId: acme });
    expect(
      await call(admin, 'POST', '/api/leave-groups', { name: 'Staff', description: 'Everyone', status: 'active', companyId: acme, privileges: [] }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'Privilege is required' },
    });
    expect(await call(admin, 'POST', '/api/leave-groups', { name: 'Staff', privileges: [annual], status: 'active', companyId: acme })).toMatchObject({
      status: 400,
      body: { detail: 'Description is required' },
    });
    const group = await call(admin, 'POST', '/api/leave-groups', {
      name: 'Staff',
      description: 'Everyone',
      status: 'active',
      companyId: acme,
      privileges: [sick, annual],
    });
    expect(group).toMatchObject({
      status: 201,
      body: {
        privileges: [
          { id: annual, name: 'Annual' },
          { id: sick, name: 'Sick' },
        ],
        status: 'active',
      },
    });
  });

  it('refuse references across companies', async () => {
    const admin = adminOf(acme);
    const otherDepartment = await created(superAdmin, '/api/departments', { name: 'Ops', companyId: globex });
    const otherType = await created(superAdmin, '/api/leave-types', { name: 'Unpaid', companyId: globex });
    expect(await call(admin, 'POST', '/api/departments', { name: 'Spy', companyId: globex })).toMatchObject({
      status: 400,
      body: { detail: 'Company not found' },
    });
    expect(await call(superAdmin, 'POST', '/api/job-titles', { name: 'Mixed', companyId: acme, departmentId: otherDepartment })).toMatchObject({
      status: 400,
      body: { detail: 'Department not found in this company' },
    });
    expect(
      await call(superAdmin, 'POST', '/api/leave-groups', { name: 'Mixed', description: 'x', status: 'active', companyId: acme, privileges: [otherType] }),
    ).toMatchObject({
      status: 400,
      body: { detail: 'Leave type not found in this company' },
    });
    const { rows } = await people.pool.query("SELECT name FROM departments WHERE name = 'Spy' UNION ALL SELECT name FROM job_titles WHERE name = 'Mixed'");
    expect(rows).toEqual([]);
  });

  it('show an Admin nothing of another company and let it change nothing there', async () => {
    const intruder = adminOf(globex);
    const { items } = (await call(adminOf(acme), 'GET', '/api/departments')).body as { items: Array<{ id: string; name: string }> };
    const sales = items.find((item) => item.name === 'Sales');
    if (!sales) throw new Error('Sales is missing');
    expect((await call(intruder, 'GET', '/api/departments')).body).toMatchObject({ items: [{ name: 'Ops' }], total: 1 });
    expect(await call(intruder, 'GET', `/api/departments/${sales.id}`)).toMatchObject({ status: 404, body: { detail: 'Department not found' } });
    expect(await call(intruder, 'PUT', `/api/departments/${sales.id}`, { name: 'Hacked', companyId: globex })).toMatchObject({ status: 404 });
    expect(await call(intruder, 'DELETE', `/api/departments/${sales.id}`)).toMatchObject({ status: 404 });
    expect((await call(superAdmin, 'GET', `/api/departments/${sales.id}`)).body).toMatchObject({ name: 'Sales', companyId: acme });
  });

  it('filter job titles by department and search by name', async () => {
    const admin = adminOf(acme);
    const support = await created(admin, '/api/departments', { name: 'Support', companyId: acme });
    await created(admin, '/api/job-titles', { name: 'Agent', companyId: acme, departmentId: support });
    const list = await call(admin, 'GET', `/api/job-titles?departmentId=${support}`);
    expect(list.body).toMatchObject({ total: 1, items: [{ name: 'Agent', departmentName: 'Support' }] });
    expect((await call(admin, 'GET', '/api/job-titles?search=REP')).body).toMatchObject({ total: 1, items: [{ name: 'Rep' }] });
    expect((await call(admin, 'GET', '/api/job-titles?search=%25')).body).toMatchObject({ total: 0 });
  });

  it('refuse deletes that would leave records pointing at nothing', async () => {
    const admin = adminOf(acme);
    const departments = (await call(admin, 'GET', '/api/departments?search=sales')).body as { items: Array<{ id: string }> };
    const types = (await call(admin, 'GET', '/api/leave-types?search=annual')).body as { items: Array<{ id: string }> };
    expect(await call(admin, 'DELETE', `/api/departments/${departments.items[0]?.id}`)).toMatchObject({
      status: 409,
      body: { detail: 'This department still has job titles or employees' },
    });
    expect(await call(admin, 'DELETE', `/api/leave-types/${types.items[0]?.id}`)).toMatchObject({
      status: 409,
      body: { detail: 'This leave type is still a privilege of a leave group' },
    });
    expect(await call(superAdmin, 'DELETE', `/api/companies/${acme}`)).toMatchObject({
      status: 409,
      body: { detail: 'This company still has departments, job titles, leave types, leave groups or employees' },
    });
    expect((await call(admin, 'GET', `/api/departments/${departments.items[0]?.id}`)).status).toBe(200);
  });

  it('delete what nothing refers to', async () => {
    const empty = await created(superAdmin, '/api/companies', { name: 'Empty Co' });
    const department = await created(superAdmin, '/api/departments', { name: 'Lonely', companyId: empty });
    expect((await call(superAdmin, 'DELETE', `/api/departments/${department}`)).status).toBe(204);
    expect((await call(superAdmin, 'DELETE', `/api/companies/${empty}`)).status).toBe(204);
    expect((await call(superAdmin, 'GET', `/api/companies/${empty}`)).status).toBe(404);
  });

  it('replace a leave group’s privileges as a whole on update', async () => {
    const admin = adminOf(acme);
    const groups = (await call(admin, 'GET', '/api/leave-groups')).body as { items: Array<{ id: string; privileges: Array<{ id: string }> }> };
    const group = groups.items[0];
    if (!group) throw new Error('no group');
    const keep = group.privileges[0]?.id;
    const updated = await call(admin, 'PUT', `/api/leave-groups/${group.id}`, {
      name: 'Staff',
      description: 'Everyone',
      status: 'disabled',
      companyId: acme,
      privileges: [keep],
    });
    expect(updated).toMatchObject({ status: 200, body: { status: 'disabled', privileges: [{ id: keep }] } });
  });

  it('are announced through the outbox with what consumers need', async () => {
    const types = people.events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'organisation.CompanySaved',
        'organisation.DepartmentSaved',
        'organisation.JobTitleSaved',
        'organisation.LeaveTypeSaved',
        'organisation.LeaveGroupSaved',
        'organisation.DepartmentDeleted',
        'organisation.CompanyDeleted',
      ]),
    );
    const group = people.events.filter((event) => event.type === 'organisation.LeaveGroupSaved').at(-1);
    expect(group?.payload).toMatchObject({ companyId: acme, status: 'disabled', leaveTypeIds: [expect.any(String)] });
    const { rows } = await people.pool.query<{ pending: number }>('SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL');
    expect(rows[0]?.pending).toBe(0);
  });

  it('are refused to a caller the gateway would have refused, by the service itself', async () => {
    // The gateway refuses Employees here; the service re-checks the route table's rule as a second line.
    const response = await call(employeePrincipal(acme), 'GET', '/api/departments');
    expect(response).toMatchObject({ status: 403, body: { detail: 'You do not have permission to do this' } });
  });
});
