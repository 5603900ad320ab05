import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Employee, HttpMethod, Principal } from '@ams/contracts';
import { adminOf, superAdmin } from '@ams/contracts/testing';
import { call as callService } from '@ams/service-kit/testing';
import { employeeFields, type CompanyFixture, startPeopleWithTwoCompanies } from '../test-support/organisation-fixture.ts';
import { type PeopleHarness } from '../test-support/people-harness.ts';

let people: PeopleHarness;
let acme: CompanyFixture;
let globex: CompanyFixture;

const call = (principal: Principal, method: HttpMethod, url: string, payload?: object) =>
  callService<Record<string, unknown>>(people, principal, method, url, payload);

async function createEmployee(company: CompanyFixture, fields: Record<string, unknown> = {}): Promise<Employee> {
  const response = await call(adminOf(company.companyId), 'POST', '/api/employees', employeeFields(company, fields));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as unknown as Employee;
}

beforeAll(async () => {
  ({ people, acme, globex } = await startPeopleWithTwoCompanies());
});
afterAll(async () => {
  await people?.close();
});

describe("an employee's RFID card", () => {
  it('is optional, kept trimmed, shown in the details and sent to the other services with the employee', async () => {
    expect((await createEmployee(acme)).rfidCard).toBeNull();
    const ana = await createEmployee(acme, { rfidCard: '  0004417327  ' });
    expect(ana.rfidCard).toBe('0004417327');
    expect((await call(adminOf(acme.companyId), 'GET', `/api/employees/${ana.id}`)).body).toMatchObject({ rfidCard: '0004417327' });
    await expect
      .poll(() => people.events.find((event) => event.type === 'employee.EmployeeCreated' && event.key === ana.id)?.payload)
      .toMatchObject({ rfidCard: '0004417327' });

    const cleared = await call(adminOf(acme.companyId), 'PATCH', `/api/employees/${ana.id}`, { rfidCard: '' });
    expect(cleared).toMatchObject({ status: 200, body: { rfidCard: null } });
    await expect
      .poll(() => people.events.filter((event) => event.type === 'employee.EmployeeUpdated' && event.key === ana.id).at(-1)?.payload)
      .toMatchObject({ rfidCard: null });
  });

  it('goes with an erasure: the record, the erased snapshot the other services follow, and the published events that carried it', async () => {
    const ana = await createEmployee(acme, { rfidCard: 'ERASE0001', firstName: 'Anabela' });
    const outboxHolding = async (text: string) =>
      (
        await people.pool.query<{ count: number; published: number }>(
          'SELECT count(*)::int AS count, count(published_at)::int AS published FROM outbox WHERE envelope::text LIKE $1',
          [`%${text}%`],
        )
      ).rows[0];
    await expect.poll(() => outboxHolding('ERASE0001')).toMatchObject({ count: 1, published: 1 });

    expect(await call(adminOf(acme.companyId), 'POST', `/api/employees/${ana.id}/erase`)).toMatchObject({ status: 200, body: { rfidCard: null } });
    const { rows } = await people.pool.query<{ rfidCard: string | null }>('SELECT rfid_card AS "rfidCard" FROM employees WHERE id = $1', [ana.id]);
    expect(rows).toEqual([{ rfidCard: null }]);
    await expect
      .poll(() => people.events.find((event) => event.type === 'employee.EmployeeErased' && event.key === ana.id)?.payload)
      .toMatchObject({ rfidCard: null });
    expect(await outboxHolding('ERASE0001')).toMatchObject({ count: 0 });
    expect(await outboxHolding('Anabela')).toMatchObject({ count: 0 });
  });

  it('is unique per company (whatever its case), answered 409 with its message key; another company may use the number', async () => {
    await createEmployee(acme, { rfidCard: 'AB12CD34' });
    const clash = await call(adminOf(acme.companyId), 'POST', '/api/employees', employeeFields(acme, { rfidCard: 'ab12cd34' }));
    expect(clash).toMatchObject({ status: 409, body: { messageKey: 'rfidCardTaken', detail: 'Another employee of this company already has this RFID card' } });
    const ben = await createEmployee(acme);
    expect(await call(adminOf(acme.companyId), 'PATCH', `/api/employees/${ben.id}`, { rfidCard: 'AB12CD34' })).toMatchObject({
      status: 409,
      body: { messageKey: 'rfidCardTaken' },
    });
    expect((await createEmployee(globex, { rfidCard: 'AB12CD34' })).rfidCard).toBe('AB12CD34');
    // A card freed by its holder may be given to someone else.
    const { rows } = await people.pool.query<{ id: string }>("SELECT id FROM employees WHERE rfid_card = 'AB12CD34' AND company_id = $1", [acme.companyId]);
    await call(superAdmin, 'PATCH', `/api/employees/${rows[0]?.id}`, { rfidCard: null });
    expect(await call(adminOf(acme.companyId), 'PATCH', `/api/employees/${ben.id}`, { rfidCard: 'AB12CD34' })).toMatchObject({
      status: 200,
      body: { rfidCard: 'AB12CD34' },
    });
  });

  it('refuses spaces, control characters, NUL, non-ASCII and more than 64 characters with 400 and the message', async () => {
    // Control characters and NUL are refused for every text field before the card's own rule (unsafeText).
    const cases: Array<[unknown, RegExp]> = [
      ['12 34', /^rfidCardPrintable$/],
      ['1234\u0000', /^(unsafeText|rfidCardPrintable)$/],
      ['ab\ncd', /^(unsafeText|rfidCardPrintable)$/],
      ['ñ1234', /^rfidCardPrintable$/],
      ['9'.repeat(65), /^rfidCardMustBeAtMost64$/],
    ];
    for (const [rfidCard, messageKey] of cases) {
      const response = await call(adminOf(acme.companyId), 'POST', '/api/employees', employeeFields(acme, { rfidCard }));
      expect(response.status, JSON.stringify(rfidCard)).toBe(400);
      expect(response.body).toMatchObject({ errors: [{ path: 'rfidCard', messageKey: expect.stringMatching(messageKey) }] });
    }
    expect((await call(adminOf(acme.companyId), 'POST', '/api/employees', employeeFields(acme, { rfidCard: 1234 }))).status).toBe(400);
    expect((await createEmployee(acme, { rfidCard: '9'.repeat(64) })).rfidCard).toHaveLength(64);
  });
});

describe('the PIN after a card setting', () => {
  it('is off by default, saved per company and announced to the other services', async () => {
    const admin = adminOf(acme.companyId);
    expect((await call(admin, 'GET', '/api/settings')).body).toMatchObject({ rfidClock: false, pinAfterCard: false });
    expect(await call(admin, 'PUT', '/api/settings', { rfidClock: true, pinAfterCard: true })).toMatchObject({
      status: 200,
      body: { settings: { rfidClock: true, pinAfterCard: true } },
    });
    expect((await call(adminOf(globex.companyId), 'GET', '/api/settings')).body).toMatchObject({ pinAfterCard: false });
    await expect
      .poll(() => people.events.filter((event) => event.type === 'settings.SettingsChanged' && event.key === acme.companyId).at(-1)?.payload)
      .toMatchObject({ rfidClock: true, pinAfterCard: true });
    expect(await call(admin, 'PUT', '/api/settings', { pinAfterCard: 'yes' })).toMatchObject({ status: 400 });
  });
});
