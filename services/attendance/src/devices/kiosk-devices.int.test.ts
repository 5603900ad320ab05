import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMessage, KIOSK_DEVICE_ANSWER_HEADER, KIOSK_REFUSED, type KioskDevice } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { announceCompany, announceEmployee, announceSchedule, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { ACCESS_DENIED, clientHeaders, givePin, problemOf, registerKiosk, startedForKiosk } from '../test-support/kiosk-test-support.ts';

const PIN = '731904';

let harness: AttendanceHarness;
let counter = 0;
startedForKiosk((started) => {
  harness = started;
});

/** An employee of a company of its own (so each test decides whether that company has kiosks), with a PIN and a schedule. */
async function employeeOfNewCompany(): Promise<TestEmployee & { nationalId: string }> {
  counter += 1;
  const nationalId = `KD-${counter}`;
  const employee = await announceEmployee(harness, { companyId: randomUUID(), nationalId, email: `kiosk.user${counter}@example.com` });
  await givePin(harness, employee, PIN);
  await announceSchedule(harness, employee);
  return { ...employee, nationalId };
}

const register = (companyId: string, name?: string) => registerKiosk(harness, companyId, name);

const withToken = (token: string | null) => clientHeaders({ kioskToken: token });

const identify = (employee: { nationalId: string }, token: string | null) =>
  harness.app.inject({ method: 'POST', url: '/api/clock/identify/pin', headers: withToken(token), payload: { identifier: employee.nationalId, pin: PIN } });

const punch = (ticket: string, token: string | null) =>
  harness.app.inject({ method: 'POST', url: '/api/clock/punch', headers: withToken(token), payload: { ticket, action: 'check-in', commandId: randomUUID() } });

describe('registering kiosks', () => {
  it('shows the token once at registration, lists the kiosk to its company only and never shows a token or hash again', async () => {
    const companyId = randomUUID();
    const { device, token } = await register(companyId, 'Warehouse gate');
    expect(token).toMatch(/^kd_[\w-]{43}$/);
    expect(device).toEqual({
      id: expect.any(String),
      companyId,
      name: 'Warehouse gate',
      createdAt: expect.any(String),
      lastSeenAt: null,
      lastContactAt: null,
      clockOffsetMs: null,
      queueLength: null,
      revokedAt: null,
    });

    const mine = await harness.app.inject({ method: 'GET', url: '/api/kiosk-devices', headers: asCaller(adminOf(companyId)) });
    expect(mine.json()).toEqual({ items: [device] });
    expect(mine.body).not.toContain(token);
    const others = await harness.app.inject({ method: 'GET', url: '/api/kiosk-devices', headers: asCaller(adminOf(randomUUID())) });
    expect(others.json()).toEqual({ items: [] });
  });

  it('refuses an employee, a blank name, and another company’s admin revoking the kiosk', async () => {
    const companyId = randomUUID();
    const asEmployee = await harness.app.inject({
      method: 'POST',
      url: '/api/kiosk-devices',
      headers: asCaller(employeePrincipal(companyId, randomUUID())),
      payload: { name: 'Mine' },
    });
    expect(asEmployee.statusCode).toBe(403);
    const blank = await harness.app.inject({ method: 'POST', url: '/api/kiosk-devices', headers: asCaller(adminOf(companyId)), payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Name is required');

    const { device } = await register(companyId);
    const foreign = await harness.app.inject({ method: 'DELETE', url: `/api/kiosk-devices/${device.id}`, headers: asCaller(adminOf(randomUUID())) });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a SuperAdmin register a kiosk for a company attendance knows, and no other', async () => {
    const kim = await employeeOfNewCompany();
    const registerFor = (companyId: string) =>
      harness.app.inject({ method: 'POST', url: '/api/kiosk-devices', headers: asCaller(superAdmin), payload: { name: 'Lobby', companyId } });

    const unknown = await registerFor(randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ detail: 'Company not found', errors: [{ path: 'companyId', message: 'Company not found' }] });
    const known = await registerFor(kim.companyId);
    expect(known.statusCode).toBe(201);
    expect(known.json()).toMatchObject({ device: { companyId: kim.companyId, name: 'Lobby' } });
  });

  it('lets a SuperAdmin register the first kiosk of a company with no employees yet, and not once people deleted it', async () => {
    const companyId = randomUUID();
    const registerFor = () =>
      harness.app.inject({ method: 'POST', url: '/api/kiosk-devices', headers: asCaller(superAdmin), payload: { name: 'Front desk', companyId } });
    await announceCompany(harness, companyId);
    const saved = await registerFor();
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ device: { companyId, name: 'Front desk' } });

    await announceCompany(harness, companyId, 'deleted');
    const deleted = await registerFor();
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toMatchObject({ errors: [{ path: 'companyId', message: 'Company not found' }] });
  });
});

describe('clocking at registered kiosks', () => {
  it('identifies a company’s employees only at its registered kiosks once it has one, and spends the ticket only there', async () => {
    const kim = await employeeOfNewCompany();
    expect((await identify(kim, null)).statusCode).toBe(200);

    const { device, token } = await register(kim.companyId);
    const unregistered = await identify(kim, null);
    expect(unregistered.statusCode).toBe(403);
    expect(problemOf(unregistered).detail).toBe(ACCESS_DENIED);

    const atKiosk = await identify(kim, token);
    expect(atKiosk.statusCode).toBe(200);
    const { ticket } = atKiosk.json<{ ticket: string }>();
    const elsewhere = await punch(ticket, null);
    expect(elsewhere.statusCode).toBe(401);
    expect(problemOf(elsewhere).detail).toBe(formatMessage('ticketElsewhere'));
    const recorded = await punch(ticket, token);
    expect(recorded.json()).toMatchObject({ message: 'Recorded successfully!', action: 'check-in' });

    const self = await harness.app.inject({ method: 'GET', url: '/api/clock/device', headers: withToken(token) });
    expect(self.json()).toEqual({ id: device.id, name: 'Front door', faceClocking: true });
    const listed = await harness.app.inject({ method: 'GET', url: '/api/kiosk-devices', headers: asCaller(adminOf(kim.companyId)) });
    expect(listed.json<{ items: KioskDevice[] }>().items[0]?.lastSeenAt).toBe(harness.clock.now().toISOString());
  });

  it('keeps a kiosk to its own company’s employees, even where the other company has no kiosk', async () => {
    const ours = await employeeOfNewCompany();
    const theirs = await employeeOfNewCompany();
    const { token } = await register(ours.companyId);
    const response = await identify(theirs, token);
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).detail).toBe(ACCESS_DENIED);
    expect((await identify(theirs, null)).statusCode).toBe(200);
  });

  it('refuses a revoked or unknown token at once, and opens the clock to unregistered clients again when no kiosk is left', async () => {
    const lee = await employeeOfNewCompany();
    const { device, token } = await register(lee.companyId);
    const revoked = await harness.app.inject({ method: 'DELETE', url: `/api/kiosk-devices/${device.id}`, headers: asCaller(adminOf(lee.companyId)) });
    expect(revoked.statusCode).toBe(204);

    for (const response of [
      await identify(lee, token),
      await identify(lee, `kd_${'x'.repeat(43)}`),
      await harness.app.inject({ method: 'GET', url: '/api/clock/device', headers: withToken(token) }),
      await harness.app.inject({ method: 'GET', url: '/api/clock/device', headers: withToken(null) }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(problemOf(response).detail).toBe(formatMessage('kioskNotRegistered'));
    }
    expect((await identify(lee, null)).statusCode).toBe(200);
    const listed = await harness.app.inject({ method: 'GET', url: '/api/kiosk-devices', headers: asCaller(adminOf(lee.companyId)) });
    expect(listed.json<{ items: KioskDevice[] }>().items[0]?.revokedAt).not.toBeNull();
  });
});

describe('what the gateway learns of a kiosk from attendance’s answers', () => {
  const deviceHeader = (response: { headers: Record<string, unknown> }) => response.headers[KIOSK_DEVICE_ANSWER_HEADER];

  it('names the registered kiosk in every clock answer to its token, right PIN or wrong, and no kiosk for a client without one', async () => {
    const ann = await employeeOfNewCompany();
    const { device, token } = await register(ann.companyId);
    expect(deviceHeader(await identify(ann, token))).toBe(device.id);
    const wrong = await harness.app.inject({
      method: 'POST',
      url: '/api/clock/identify/pin',
      headers: withToken(token),
      payload: { identifier: ann.nationalId, pin: '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(deviceHeader(wrong)).toBe(device.id);
    expect(deviceHeader(await harness.app.inject({ method: 'GET', url: '/api/clock/device', headers: withToken(token) }))).toBe(device.id);

    const other = await employeeOfNewCompany();
    const unregistered = await identify(other, null);
    expect(unregistered.statusCode).toBe(200);
    expect(deviceHeader(unregistered)).toBeUndefined();
  });

  it('answers a made-up or revoked token with no kiosk, so the gateway never trusts it', async () => {
    const bo = await employeeOfNewCompany();
    const { device, token } = await register(bo.companyId);
    const madeUp = await identify(bo, `kd_${'y'.repeat(43)}`);
    expect(madeUp.statusCode).toBe(401);
    expect(deviceHeader(madeUp)).toBe(KIOSK_REFUSED);
    expect(deviceHeader(await identify(bo, 'not-a-kiosk-token'))).toBe(KIOSK_REFUSED);

    await harness.app.inject({ method: 'DELETE', url: `/api/kiosk-devices/${device.id}`, headers: asCaller(adminOf(bo.companyId)) });
    const revoked = await identify(bo, token);
    expect(revoked.statusCode).toBe(401);
    expect(deviceHeader(revoked)).toBe(KIOSK_REFUSED);
  });

  it('writes a kiosk’s "last seen" at most once a minute however many people it identifies', async () => {
    const cy = await employeeOfNewCompany();
    const { token } = await register(cy.companyId);
    const lastSeen = async () =>
      (await harness.app.inject({ method: 'GET', url: '/api/kiosk-devices', headers: asCaller(adminOf(cy.companyId)) })).json<{ items: KioskDevice[] }>()
        .items[0]?.lastSeenAt;
    const first = harness.clock.now().toISOString();
    expect((await identify(cy, token)).statusCode).toBe(200);
    harness.clock.advance(30_000);
    expect((await identify(cy, token)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(first);
    harness.clock.advance(30_000);
    expect((await identify(cy, token)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(harness.clock.now().toISOString());
  });
});
