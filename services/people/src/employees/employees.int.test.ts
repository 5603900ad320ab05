import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPin } from '@ams/credentials';
import type { Employee, Principal } from '@ams/contracts';
import { adminOf, superAdmin } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { employeeFields, type CompanyFixture, startPeopleWithTwoCompanies } from '../test-support/organisation-fixture.ts';
import { PIN_PEPPER, type PeopleHarness } from '../test-support/people-harness.ts';

let people: PeopleHarness;
let acme: CompanyFixture;
let globex: CompanyFixture;
const NOW = new Date('2026-11-21T10:00:00Z');

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call(principal: Principal, method: Method, url: string, payload?: unknown) {
  const response = await people.app.inject({ method, url, headers: asCaller(principal), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : undefined, raw: response.body };
}

async function createEmployee(principal: Principal, fields: Record<string, unknown>): Promise<Employee> {
  const response = await call(principal, 'POST', '/api/employees', fields);
  expect(response.status, response.raw).toBe(201);
  return response.body as Employee;
}

beforeAll(async () => {
  ({ people, acme, globex } = await startPeopleWithTwoCompanies({ startAt: NOW }));
});
afterAll(async () => {
  await people?.close();
});

describe('creating an employee', () => {
  it('keeps every spec field, derives the age and never returns the PIN', async () => {
    const employee = await createEmployee(
      adminOf(acme.companyId),
      employeeFields(acme, {
        civilStatus: 'LEGALLY SEPARATED',
        height: 172.5,
        weight: 64,
        phoneNumber: '+351 912 345 678',
        birthday: '1990-11-22',
        placeOfBirth: 'Porto',
        address: 'Rua A, 1',
        companyEmail: 'Ana@Acme.example',
        employmentType: 'trainee',
        officialStartDate: '2024-01-08',
        dateRegularized: '2024-07-08',
        pin: '123456',
      }),
    );
    expect(employee).toMatchObject({
      fullName: 'Ana Lima',
      civilStatus: 'LEGALLY SEPARATED',
      height: 172.5,
      birthday: '1990-11-22',
      age: 35,
      companyEmail: 'ana@acme.example',
      companyName: 'Acme',
      departmentName: 'Operations',
      jobTitleName: 'Operator',
      leaveGroupName: 'Staff',
      employmentType: 'trainee',
      employmentStatus: 'active',
      hasPin: true,
      faceEnrolled: false,
      image: null,
    });
    expect(JSON.stringify(employee)).not.toMatch(/pin_hash|pinHash|argon2|123456/);
    const read = await call(adminOf(acme.companyId), 'GET', `/api/employees/${employee.id}`);
    expect(read.raw).not.toMatch(/argon2|123456/);
  });

  it('answers with the spec messages for missing and invalid fields', async () => {
    const admin = adminOf(acme.companyId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: undefined }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ gender: undefined }, 'Gender is required'],
      [{ email: undefined }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ nationalId: undefined }, 'National ID is required'],
      [{ companyId: undefined }, 'Company is required'],
      [{ departmentId: undefined }, 'Department is required'],
      [{ jobTitleId: undefined }, 'Job title is required'],
      [{ leaveGroupId: undefined }, 'Leave group is required'],
      [{ employmentType: undefined }, 'Employee type is required'],
      [{ pin: '12345' }, 'PIN must be 6 to 50 numeric digits'],
      [{ pin: '12345a' }, 'PIN must be 6 to 50 numeric digits'],
      [{ pin: '1'.repeat(51) }, 'PIN must be 6 to 50 numeric digits'],
      [{ companyEmail: 'nope' }, 'Invalid email address'],
      [{ officialStartDate: '2024-05-01', dateRegularized: '2024-04-30' }, 'Date regularized cannot be before the official start date'],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(admin, 'POST', '/api/employees', employeeFields(acme, overrides));
      expect({ status: response.status, detail: (response.body as { detail: string }).detail }, JSON.stringify(overrides)).toEqual({
        status: 400,
        detail: message,
      });
    }
    const { rows } = await people.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM employees');
    expect(rows[0]?.count).toBe(1);
  });

  it('refuses a second employee with the same email or national ID', async () => {
    const admin = adminOf(acme.companyId);
    const first = await createEmployee(admin, employeeFields(acme));
    expect(await call(admin, 'POST', '/api/employees', employeeFields(acme, { email: first.email.toUpperCase() }))).toMatchObject({
      status: 409,
      body: { detail: 'An employee with this email already exists' },
    });
    expect(await call(admin, 'POST', '/api/employees', employeeFields(acme, { nationalId: first.nationalId }))).toMatchObject({
      status: 409,
      body: { detail: 'An employee with this national ID already exists in this company' },
    });
  });

  it('creates once per commandId: a retry after a lost answer gets the same employee, not a conflict, and nothing more is announced', async () => {
    const admin = adminOf(acme.companyId);
    const commandId = '0b9d6f2e-8c1a-4f3b-9a57-2d4e6f8a1c3e';
    const fields = employeeFields(acme, { commandId });
    const createdEvents = () => people.events.filter((event) => event.type === 'employee.EmployeeCreated').length;
    const before = createdEvents();
    const [first, again] = [await call(admin, 'POST', '/api/employees', fields), await call(admin, 'POST', '/api/employees', fields)];
    expect(first.status, first.raw).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body as object });
    expect(createdEvents() - before).toBe(1);
    // Two attempts at once agree too; another command with the same email is still refused.
    const racing = employeeFields(acme, { commandId: 'c3e0b9d6-2e8c-4a4f-8b57-9a2d4e6f8a1c' });
    const both = await Promise.all([call(admin, 'POST', '/api/employees', racing), call(admin, 'POST', '/api/employees', racing)]);
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    expect((both[0]?.body as Employee).id).toBe((both[1]?.body as Employee).id);
    expect((await call(admin, 'POST', '/api/employees', { ...racing, commandId: 'f1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607' })).status).toBe(409);
    // Another company's Admin replaying the id learns nothing of the employee.
    expect(await call(adminOf(globex.companyId), 'POST', '/api/employees', employeeFields(globex, { commandId }))).toMatchObject({ status: 404 });
  });

  it('refuses a job title of another department and anything of another company', async () => {
    const admin = adminOf(acme.companyId);
    const other = await call(superAdmin, 'POST', '/api/departments', { name: 'Finance', companyId: acme.companyId });
    expect(await call(admin, 'POST', '/api/employees', employeeFields(acme, { departmentId: (other.body as { id: string }).id }))).toMatchObject({
      status: 400,
      body: { detail: 'Job title not found in this department' },
    });
    expect(await call(admin, 'POST', '/api/employees', employeeFields(globex))).toMatchObject({ status: 400, body: { detail: 'Company not found' } });
    expect(await call(admin, 'POST', '/api/employees', employeeFields(acme, { leaveGroupId: globex.leaveGroupId }))).toMatchObject({
      status: 400,
      body: { detail: 'Leave group not found in this company' },
    });
  });
});

describe('the PIN', () => {
  it('is stored as a peppered argon2id hash and announced to attendance, never shown', async () => {
    const admin = adminOf(acme.companyId);
    const employee = await createEmployee(admin, employeeFields(acme));
    expect(employee.hasPin).toBe(false);
    const saved = await call(admin, 'PUT', `/api/employees/${employee.id}/pin`, { pin: '24681357' });
    expect(saved).toMatchObject({ status: 200, body: { message: 'PIN saved' } });
    expect(saved.raw).not.toContain('argon2');
    const { rows } = await people.pool.query<{ pin_hash: string }>('SELECT pin_hash FROM employees WHERE id = $1', [employee.id]);
    const pinHash = rows[0]?.pin_hash ?? null;
    expect(pinHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPin(pinHash, '24681357', PIN_PEPPER)).toBe(true);
    const event = people.events.filter((candidate) => candidate.type === 'employee.PinChanged' && candidate.key === employee.id).at(-1);
    expect(event?.payload).toEqual({ employeeId: employee.id, companyId: acme.companyId, pinHash });
    expect((await call(admin, 'GET', `/api/employees/${employee.id}`)).body).toMatchObject({ hasPin: true });
    expect(await call(admin, 'PUT', `/api/employees/${employee.id}/pin`, { pin: '12' })).toMatchObject({
      status: 400,
      body: { detail: 'PIN must be 6 to 50 numeric digits' },
    });
    expect((await call(admin, 'DELETE', `/api/employees/${employee.id}/pin`)).status).toBe(204);
    expect(people.events.filter((candidate) => candidate.type === 'employee.PinChanged' && candidate.key === employee.id).at(-1)?.payload).toMatchObject({
      pinHash: null,
    });
  });
});

describe('the employee list', () => {
  let listed: Employee[];

  beforeAll(async () => {
    const admin = adminOf(globex.companyId);
    const sales = (await call(superAdmin, 'POST', '/api/departments', { name: 'Sales', companyId: globex.companyId })).body as { id: string };
    const rep = (await call(superAdmin, 'POST', '/api/job-titles', { name: 'Rep', companyId: globex.companyId, departmentId: sales.id })).body as {
      id: string;
    };
    listed = [
      await createEmployee(admin, employeeFields(globex, { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@globex.example', nationalId: 'PT-111' })),
      await createEmployee(
        admin,
        employeeFields(globex, { firstName: 'Bruno', lastName: 'Costa', email: 'bruno@globex.example', companyEmail: 'b.costa@work.example' }),
      ),
      await createEmployee(admin, employeeFields(globex, { firstName: 'Carla', lastName: 'Dias', departmentId: sales.id, jobTitleId: rep.id })),
      await createEmployee(admin, employeeFields(globex, { firstName: 'Ana', lastName: 'Brito' })),
    ];
  });

  const names = (body: unknown) => (body as { items: Employee[] }).items.map((employee) => employee.fullName);

  it('searches names, email, national ID and company email, every word having to match', async () => {
    const admin = adminOf(globex.companyId);
    expect(names((await call(admin, 'GET', '/api/employees?search=zoe')).body)).toEqual(['Zoe Adams']);
    expect(names((await call(admin, 'GET', '/api/employees?search=pt-111')).body)).toEqual(['Zoe Adams']);
    expect(names((await call(admin, 'GET', '/api/employees?search=work.example')).body)).toEqual(['Bruno Costa']);
    expect(names((await call(admin, 'GET', '/api/employees?search=costa%20bruno')).body)).toEqual(['Bruno Costa']);
    expect(names((await call(admin, 'GET', '/api/employees?search=bruno%20adams')).body)).toEqual([]);
  });

  it('sorts, pages with a total, and filters by department and job title', async () => {
    const admin = adminOf(globex.companyId);
    expect(names((await call(admin, 'GET', '/api/employees')).body)).toEqual(['Zoe Adams', 'Ana Brito', 'Bruno Costa', 'Carla Dias']);
    expect(names((await call(admin, 'GET', '/api/employees?sort=firstName&order=desc')).body)).toEqual(['Zoe Adams', 'Carla Dias', 'Bruno Costa', 'Ana Brito']);
    const page = await call(admin, 'GET', '/api/employees?pageSize=2&page=2');
    expect({ names: names(page.body), total: (page.body as { total: number }).total }).toEqual({ names: ['Bruno Costa', 'Carla Dias'], total: 4 });
    const carla = listed[2] as Employee;
    expect(names((await call(admin, 'GET', `/api/employees?departmentId=${carla.departmentId}`)).body)).toEqual(['Carla Dias']);
    expect(names((await call(admin, 'GET', `/api/employees?jobTitleId=${globex.jobTitleId}`)).body)).toEqual(['Zoe Adams', 'Ana Brito', 'Bruno Costa']);
  });

  it('shows an Admin only its company, whatever company filter it asks for', async () => {
    const acmeAdmin = adminOf(acme.companyId);
    const own = (await call(acmeAdmin, 'GET', '/api/employees?pageSize=200')).body as { items: Employee[] };
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((employee) => employee.companyId === acme.companyId)).toBe(true);
    expect((await call(acmeAdmin, 'GET', `/api/employees?companyId=${globex.companyId}`)).body).toMatchObject({ items: [], total: 0 });
    expect(((await call(superAdmin, 'GET', `/api/employees?companyId=${globex.companyId}`)).body as { total: number }).total).toBe(4);
  });

  it('moves employees between the active and archived lists', async () => {
    const admin = adminOf(globex.companyId);
    const zoe = listed[0] as Employee;
    expect(await call(admin, 'POST', `/api/employees/${zoe.id}/archive`)).toMatchObject({ status: 200, body: { employmentStatus: 'archived' } });
    expect(await call(admin, 'POST', `/api/employees/${zoe.id}/archive`)).toMatchObject({ status: 409, body: { detail: 'This employee is already archived' } });
    expect(names((await call(admin, 'GET', '/api/employees?status=archived')).body)).toEqual(['Zoe Adams']);
    expect(names((await call(admin, 'GET', '/api/employees')).body)).not.toContain('Zoe Adams');
    expect(await call(admin, 'POST', `/api/employees/${zoe.id}/restore`)).toMatchObject({ status: 200, body: { employmentStatus: 'active' } });
    const changes = people.events.filter((event) => event.key === zoe.id).map((event) => event.type);
    expect(changes).toEqual(['employee.EmployeeCreated', 'employee.EmployeeArchived', 'employee.EmployeeRestored']);
  });
});

describe('changing and deleting employees', () => {
  it('updates fields, checks a new placement and announces the whole employee', async () => {
    const admin = adminOf(acme.companyId);
    const employee = await createEmployee(admin, employeeFields(acme));
    const updated = await call(admin, 'PATCH', `/api/employees/${employee.id}`, { lastName: 'Lima-Souza', birthday: '2000-01-01' });
    expect(updated).toMatchObject({ status: 200, body: { fullName: 'Ana Lima-Souza', age: 26 } });
    const finance = (await call(superAdmin, 'POST', '/api/departments', { name: 'Treasury', companyId: acme.companyId })).body as { id: string };
    expect(await call(admin, 'PATCH', `/api/employees/${employee.id}`, { departmentId: finance.id })).toMatchObject({
      status: 400,
      body: { detail: 'Job title not found in this department' },
    });
    expect(await call(admin, 'PATCH', `/api/employees/${employee.id}`, { firstName: '' })).toMatchObject({
      status: 400,
      body: { detail: 'First name is required' },
    });
    const event = people.events.filter((candidate) => candidate.key === employee.id).at(-1);
    expect(event).toMatchObject({
      type: 'employee.EmployeeUpdated',
      payload: { lastName: 'Lima-Souza', birthday: '2000-01-01', departmentId: acme.departmentId },
    });
    expect(JSON.stringify(event?.payload)).not.toMatch(/pin/i);
  });

  it('lets an Admin of another company neither see nor change nor delete the employee', async () => {
    const employee = await createEmployee(adminOf(acme.companyId), employeeFields(acme, { firstName: 'Kept' }));
    const intruder = adminOf(globex.companyId);
    for (const [method, url, payload] of [
      ['GET', `/api/employees/${employee.id}`, undefined],
      ['PATCH', `/api/employees/${employee.id}`, { firstName: 'Hacked' }],
      ['DELETE', `/api/employees/${employee.id}`, undefined],
      ['POST', `/api/employees/${employee.id}/archive`, undefined],
      ['PUT', `/api/employees/${employee.id}/pin`, { pin: '999999' }],
      ['POST', '/api/employees/bulk-delete', { ids: [employee.id] }],
    ] as const) {
      expect(await call(intruder, method, url, payload), `${method} ${url}`).toMatchObject({ status: 404, body: { detail: 'Employees do not exist!' } });
    }
    expect((await call(superAdmin, 'GET', `/api/employees/${employee.id}`)).body).toMatchObject({
      firstName: 'Kept',
      employmentStatus: 'active',
      hasPin: false,
    });
  });

  it('deletes several at once, or none when one of them is not the caller’s', async () => {
    const admin = adminOf(acme.companyId);
    const first = await createEmployee(admin, employeeFields(acme));
    const second = await createEmployee(admin, employeeFields(acme));
    const foreign = await createEmployee(superAdmin, employeeFields(globex));
    expect(await call(admin, 'POST', '/api/employees/bulk-delete', { ids: [first.id, second.id, foreign.id] })).toMatchObject({
      status: 404,
      body: { detail: 'Employees do not exist!' },
    });
    const { rows } = await people.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM employees WHERE id = ANY($1::uuid[])', [
      [first.id, second.id, foreign.id],
    ]);
    expect(rows[0]?.count).toBe(3);
    expect(await call(admin, 'POST', '/api/employees/bulk-delete', { ids: [first.id, second.id] })).toMatchObject({ status: 200, body: { deleted: 2 } });
    expect((await call(admin, 'GET', `/api/employees/${first.id}`)).status).toBe(404);
    const deletions = people.events.filter((event) => event.type === 'employee.EmployeeDeleted').map((event) => event.key);
    expect(deletions).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(deletions).not.toContain(foreign.id);
  });

  it('keeps a leave group that employees are in', async () => {
    expect(await call(superAdmin, 'DELETE', `/api/leave-groups/${acme.leaveGroupId}`)).toMatchObject({
      status: 409,
      body: { detail: 'This leave group is still assigned to employees' },
    });
    expect(await call(superAdmin, 'DELETE', `/api/job-titles/${acme.jobTitleId}`)).toMatchObject({
      status: 409,
      body: { detail: 'This job title is still held by employees' },
    });
  });
});
