import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '@ams/event-store';
import {
  announceEmployee,
  announceSchedule,
  announceSettings,
  CLOCK_TICKET_SECRET,
  type AttendanceHarness,
  type TestEmployee,
} from '../test-support/attendance-harness.ts';
import { workDayStreamId } from '../work-day/work-day.ts';
import { signTicket, verifyTicket } from './clock-ticket.ts';
import { givePin, identifyPin, KIOSK_IP, problemOf, punchWith, startedForKiosk } from '../test-support/kiosk-test-support.ts';

const PIN = '246813';
let harness: AttendanceHarness;
let counter = 0;

async function worker(): Promise<TestEmployee & { email: string }> {
  counter += 1;
  const email = `punch.user${counter}@example.com`;
  const employee = await announceEmployee(harness, { email, nationalId: `P-${counter}` });
  await announceSchedule(harness, employee);
  await givePin(harness, employee, PIN);
  return { ...employee, email };
}

async function ticketFor(employee: { email: string }, ip = KIOSK_IP): Promise<string> {
  const response = await identifyPin(harness, { identifier: employee.email, pin: PIN, kioskId: 'hall' }, ip);
  expect(response.statusCode).toBe(200);
  return response.json<{ ticket: string }>().ticket;
}

const at = (instant: string) => harness.clock.set(instant);

startedForKiosk(
  (started) => {
    harness = started;
  },
  { timezone: 'Europe/Lisbon' },
);

describe('punch with a clock ticket', () => {
  it('records the punch at the server’s time with "Recorded successfully!", keeping where and how it was made', async () => {
    const pat = await worker();
    at('2026-11-23T08:57:00.000Z');
    const response = await punchWith(harness, {
      ticket: await ticketFor(pat),
      action: 'check-in',
      commandId: randomUUID(),
      deviceTime: '2020-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    // The anonymous kiosk learns the person, the action, the time and the message: no ids, lateness, overtime or reasons.
    expect(response.json()).toEqual({ message: 'Recorded successfully!', action: 'check-in', at: '2026-11-23T08:57:00.000Z', employeeName: 'Ana Lima' });
    const stream = await readStream(harness.pool, workDayStreamId(pat.employeeId, '2026-11-23'));
    expect(stream.events[0]?.data).toMatchObject({
      source: { method: 'pin', kioskId: 'hall', clientIp: KIOSK_IP, matchScore: null, spoofScore: null, deviceTime: '2020-01-01T00:00:00.000Z', actorId: null },
    });
  });

  it('passes the spec’s refusals on: a second check-in the same day', async () => {
    const pat = await worker();
    at('2026-11-24T09:00:00.000Z');
    expect((await punchWith(harness, { ticket: await ticketFor(pat), action: 'check-in', commandId: randomUUID() })).statusCode).toBe(200);
    at('2026-11-24T09:30:00.000Z');
    const again = await punchWith(harness, { ticket: await ticketFor(pat), action: 'check-in', commandId: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).detail).toBe('The employee has already checked in today at 09:00');
  });

  it('gives a refused punch’s ticket back, so the employee can choose another action with it', async () => {
    const pat = await worker();
    at('2026-11-25T09:00:00.000Z');
    await punchWith(harness, { ticket: await ticketFor(pat), action: 'check-in', commandId: randomUUID() });
    at('2026-11-25T12:00:00.000Z');
    const ticket = await ticketFor(pat);
    const refused = await punchWith(harness, { ticket, action: 'break-out', commandId: randomUUID() });
    expect(refused.statusCode).toBe(409);
    expect(problemOf(refused).detail).toBe('This employee did not start a break.');
    const breakIn = await punchWith(harness, { ticket, action: 'break-in', commandId: randomUUID() });
    expect(breakIn.json()).toMatchObject({ message: 'Recorded successfully!', action: 'break-in' });
  });

  it('spends a ticket on one punch: a retry of that punch gets its first answer, another punch is refused', async () => {
    const pat = await worker();
    at('2026-11-26T09:00:00.000Z');
    const ticket = await ticketFor(pat);
    const commandId = randomUUID();
    const first = await punchWith(harness, { ticket, action: 'check-in', commandId });
    at('2026-11-26T09:01:00.000Z');
    const retry = await punchWith(harness, { ticket, action: 'check-in', commandId });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ at: first.json<{ at: string }>().at, message: 'Recorded successfully!' });
    const other = await punchWith(harness, { ticket, action: 'break-in', commandId: randomUUID() });
    expect(other.statusCode).toBe(401);
    expect(problemOf(other).detail).toBe('This clock ticket has already been used; please identify again.');
    expect((await readStream(harness.pool, workDayStreamId(pat.employeeId, '2026-11-26'))).version).toBe(1);
  });
});

describe('tickets the punch refuses (401)', () => {
  let pat: TestEmployee & { email: string };
  let ticket: string;

  beforeAll(async () => {
    pat = await worker();
    at('2026-11-27T09:00:00.000Z');
    ticket = await ticketFor(pat);
  });

  const refusal = async (body: { ticket: string }, ip = KIOSK_IP) => {
    const response = await punchWith(harness, { ...body, action: 'check-in', commandId: randomUUID() }, { ip });
    expect(response.statusCode).toBe(401);
    return problemOf(response).detail;
  };

  it('a forged ticket: signed with another secret, or with a claim changed', async () => {
    const check = verifyTicket(ticket, CLOCK_TICKET_SECRET, harness.clock.now().getTime());
    if (!check.ok) throw new Error('the ticket should verify');
    const someoneElse = { ...check.claims, employeeId: (await worker()).employeeId };
    expect(await refusal({ ticket: signTicket(someoneElse, 'not-the-clock-ticket-secret-0123456789abcdef') })).toBe(
      'This clock ticket is not valid; please identify again.',
    );
    const [version, , signature] = ticket.split('.');
    const payload = Buffer.from(JSON.stringify(someoneElse)).toString('base64url');
    expect(await refusal({ ticket: `${version}.${payload}.${signature}` })).toBe('This clock ticket is not valid; please identify again.');
    expect(await refusal({ ticket: 'garbage' })).toBe('This clock ticket is not valid; please identify again.');
  });

  it('a ticket spent from another address than the one it was issued to', async () => {
    expect(await refusal({ ticket }, '198.51.100.99')).toBe('This clock ticket was issued to another device; please identify again.');
  });

  it('an expired ticket (after two minutes)', async () => {
    at('2026-11-27T09:02:00.000Z');
    expect(await refusal({ ticket })).toBe('This clock ticket has expired; please identify again.');
    expect((await readStream(harness.pool, workDayStreamId(pat.employeeId, '2026-11-27'))).version).toBe(0);
  });
});

describe('the address restriction at the punch', () => {
  it('refuses a ticket whose company closed the clock to this address after it was issued', async () => {
    const pat = await worker();
    at('2026-11-30T09:00:00.000Z');
    const ticket = await ticketFor(pat, '10.30.0.8');
    await announceSettings(harness, pat.companyId, { ipRestriction: ['10.99.0.0/16'] });
    const refused = await punchWith(harness, { ticket, action: 'check-in', commandId: randomUUID() }, { ip: '10.30.0.8' });
    expect(refused.statusCode).toBe(403);
    expect(problemOf(refused).detail).toBe('Access Denied! You do not have permission to visit this page.');
    await announceSettings(harness, pat.companyId, { ipRestriction: ['10.30.0.0/16'] });
    expect((await punchWith(harness, { ticket, action: 'check-in', commandId: randomUUID() }, { ip: '10.30.0.8' })).statusCode).toBe(200);
  });
});

describe('the punches an identification offers', () => {
  type Offer = { allowedActions: string[]; unavailable: { messageKey: string; params?: Record<string, string> } | null };
  const offerFor = async (employee: { email: string }): Promise<Offer> => {
    const response = await identifyPin(harness, { identifier: employee.email, pin: PIN });
    expect(response.statusCode, response.body).toBe(200);
    const { allowedActions, unavailable } = response.json<Offer>();
    return { allowedActions, unavailable };
  };
  const punchNow = async (employee: { email: string }, action: 'check-in' | 'break-in' | 'break-out' | 'check-out') =>
    expect((await punchWith(harness, { ticket: await ticketFor(employee), action, commandId: randomUUID() })).statusCode).toBe(200);

  it('follows the day: check in, then break in or check out, then break out, then check out, then nothing', async () => {
    const pat = await worker();
    at('2026-12-01T08:55:00.000Z');
    expect(await offerFor(pat)).toEqual({ allowedActions: ['check-in'], unavailable: null });
    await punchNow(pat, 'check-in');
    at('2026-12-01T12:00:00.000Z');
    expect(await offerFor(pat)).toEqual({ allowedActions: ['break-in', 'check-out'], unavailable: null });
    await punchNow(pat, 'break-in');
    expect(await offerFor(pat)).toEqual({ allowedActions: ['break-out'], unavailable: null });
    at('2026-12-01T12:45:00.000Z');
    await punchNow(pat, 'break-out');
    expect(await offerFor(pat)).toEqual({ allowedActions: ['check-out'], unavailable: null });
    at('2026-12-01T17:00:00.000Z');
    await punchNow(pat, 'check-out');
    expect(await offerFor(pat)).toEqual({ allowedActions: [], unavailable: { messageKey: 'alreadyLeft' } });
  });

  it('offers nothing on a rest day or without a schedule, saying why', async () => {
    const pat = await worker();
    // Saturday: the default schedule rests at weekends.
    at('2026-12-05T09:00:00.000Z');
    expect(await offerFor(pat)).toEqual({ allowedActions: [], unavailable: { messageKey: 'restDayToday' } });
    counter += 1;
    const unscheduled = {
      ...(await announceEmployee(harness, { email: `punch.user${counter}@example.com`, nationalId: `P-${counter}` })),
      email: `punch.user${counter}@example.com`,
    };
    await givePin(harness, unscheduled, PIN);
    expect(await offerFor(unscheduled)).toEqual({ allowedActions: [], unavailable: { messageKey: 'noActiveSchedule' } });
  });

  it('offers the night shift’s punches after midnight on the day it started', async () => {
    const pat = await worker();
    await announceSchedule(harness, pat, { startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8, restDays: [], fromDate: '2026-12-01' });
    at('2026-12-07T21:58:00.000Z');
    await punchNow(pat, 'check-in');
    at('2026-12-08T02:00:00.000Z');
    expect(await offerFor(pat)).toEqual({ allowedActions: ['break-in', 'check-out'], unavailable: null });
  });
});
