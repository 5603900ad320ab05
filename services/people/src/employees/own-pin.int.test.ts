import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPin } from '@ams/credentials';
import type { Employee, Principal } from '@ams/contracts';
import { adminOf, employeePrincipal } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { createCompanyFixture, employeeFields, type CompanyFixture } from '../test-support/organisation-fixture.ts';
import { PIN_PEPPER, startPeople, type PeopleHarness } from '../test-support/people-harness.ts';

let people: PeopleHarness;
let acme: CompanyFixture;

async function call(principal: Principal, payload: unknown) {
  const response = await people.app.inject({ method: 'PUT', url: '/api/me/pin', headers: asCaller(principal), payload: payload as object });
  return {
    status: response.statusCode,
    body: response.json<{ detail?: string; messageKey?: string; errors?: { path: string; message: string }[]; message?: string }>(),
  };
}

async function employeeWithPin(email: string, pin: string | undefined): Promise<Employee> {
  const response = await people.app.inject({
    method: 'POST',
    url: '/api/employees',
    headers: asCaller(adminOf(acme.companyId)),
    payload: employeeFields(acme, { email, nationalId: email, ...(pin ? { pin } : {}) }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Employee>();
}

async function storedHash(id: string): Promise<string | null> {
  const { rows } = await people.pool.query<{ pin_hash: string | null }>('SELECT pin_hash FROM employees WHERE id = $1', [id]);
  return rows[0]?.pin_hash ?? null;
}

beforeAll(async () => {
  people = await startPeople();
  acme = await createCompanyFixture(people, 'Acme');
});
afterAll(async () => {
  await people?.close();
});

describe('PUT /api/me/pin: an employee changes their own kiosk PIN', () => {
  it('needs the right current PIN, stores the new one peppered and tells attendance', async () => {
    const employee = await employeeWithPin('own-pin-1@acme.example', '123456');
    const me = employeePrincipal(acme.companyId, employee.id);
    const saved = await call(me, { currentPin: '123456', pin: '7654321' });
    expect(saved).toMatchObject({ status: 200, body: { message: 'PIN saved' } });
    const hash = await storedHash(employee.id);
    expect(await verifyPin(hash, '7654321', PIN_PEPPER)).toBe(true);
    expect(await verifyPin(hash, '123456', PIN_PEPPER)).toBe(false);
    const event = people.events.filter((candidate) => candidate.type === 'employee.PinChanged' && candidate.key === employee.id).at(-1);
    expect(event?.payload).toEqual({ employeeId: employee.id, companyId: acme.companyId, pinHash: hash });
  });

  it('refuses a wrong current PIN, a bad new PIN, an unchanged PIN and a missing current PIN with catalogue messages', async () => {
    const employee = await employeeWithPin('own-pin-2@acme.example', '123456');
    const me = employeePrincipal(acme.companyId, employee.id);
    expect(await call(me, { currentPin: '000000', pin: '7654321' })).toMatchObject({
      status: 400,
      body: { messageKey: 'wrongCurrentPin', errors: [{ path: 'currentPin', message: 'Your current PIN is wrong' }] },
    });
    expect(await call(me, { currentPin: '123456', pin: '12a456' })).toMatchObject({ status: 400, body: { detail: 'PIN must be 6 to 50 numeric digits' } });
    expect(await call(me, { currentPin: '123456', pin: '123' })).toMatchObject({ status: 400, body: { detail: 'PIN must be 6 to 50 numeric digits' } });
    expect(await call(me, { currentPin: '', pin: '7654321' })).toMatchObject({ status: 400, body: { detail: 'Your current PIN is required' } });
    expect(await call(me, { currentPin: '123456', pin: '123456' })).toMatchObject({ status: 400, body: { messageKey: 'newPinSameAsCurrent' } });
    expect(await verifyPin(await storedHash(employee.id), '123456', PIN_PEPPER)).toBe(true);
  });

  it('locks the change after five wrong current PINs, even for the right one, until the lock passes', async () => {
    const employee = await employeeWithPin('own-pin-3@acme.example', '123456');
    const me = employeePrincipal(acme.companyId, employee.id);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await call(me, { currentPin: `99999${attempt}`, pin: '7654321' })).status).toBe(400);
    // The fifth wrong one is still checked and refused, and starts a one-minute lock.
    expect((await call(me, { currentPin: '999995', pin: '7654321' })).status).toBe(400);
    expect(await call(me, { currentPin: '123456', pin: '7654321' })).toMatchObject({
      status: 429,
      body: { messageKey: 'tooManyWrongAttempts', detail: 'Too many wrong attempts. Try again in 1 minute.' },
    });
    people.clock.advance(61_000);
    expect((await call(me, { currentPin: '123456', pin: '7654321' })).status).toBe(200);
    // A right one starts the count over.
    const { rows } = await people.pool.query('SELECT 1 FROM own_pin_attempts WHERE employee_id = $1', [employee.id]);
    expect(rows).toHaveLength(0);
  });

  it('answers an account with no employee, and an employee without a PIN, without changing anything', async () => {
    expect(await call(employeePrincipal(acme.companyId, null), { currentPin: '123456', pin: '7654321' })).toMatchObject({
      status: 403,
      body: { messageKey: 'accountNotLinked' },
    });
    const employee = await employeeWithPin('own-pin-4@acme.example', undefined);
    expect(await call(employeePrincipal(acme.companyId, employee.id), { currentPin: '123456', pin: '7654321' })).toMatchObject({
      status: 409,
      body: { messageKey: 'noPinToChange' },
    });
    expect(await storedHash(employee.id)).toBeNull();
  });
});
