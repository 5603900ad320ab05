import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FAILURE_LIMIT } from '@ams/credentials';
import { announceEmployee, announceSchedule, announceSettings, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { answers, clientHeaders, givePin, identifyCard, problemOf, punchWith, registerKiosk, startedForKiosk } from '../test-support/kiosk-test-support.ts';

const PIN = '482915';

let harness: AttendanceHarness;
let counter = 0;
startedForKiosk((started) => {
  harness = started;
}, null);

/** A fresh company (RFID clock as asked) with one employee holding a card of their own, and a PIN. */
async function cardHolder(settings: { rfidClock?: boolean; pinAfterCard?: boolean; ipRestriction?: string[] } = {}): Promise<TestEmployee & { card: string }> {
  counter += 1;
  const companyId = randomUUID();
  await announceSettings(harness, companyId, { rfidClock: true, ...settings });
  const card = `00${counter}4417${counter}A`;
  const employee = await announceEmployee(harness, {
    companyId,
    firstName: 'Cara',
    lastName: `Card${counter}`,
    email: `card.user${counter}@example.com`,
    nationalId: `C-${counter}`,
    rfidCard: card,
  });
  await givePin(harness, employee, PIN);
  return { ...employee, card };
}

/** A client address of its own per test, so one test's failures never slow another's. */
const kioskAddress = () => `203.0.113.${(counter % 200) + 20}`;

const cardReader = async (kioskToken?: string) =>
  (
    await harness.app.inject({
      method: 'GET',
      url: '/api/clock/card-reader',
      headers: clientHeaders({ ip: kioskAddress(), kioskToken }),
    })
  ).json<{ enabled: boolean }>();

describe('the RFID clock turned off', () => {
  it('refuses every card, known or not, while no company takes cards, and the kiosk is told not to listen', async () => {
    await announceSettings(harness, null);
    const ana = await cardHolder({ rfidClock: false });
    expect(await cardReader()).toEqual({ enabled: false });
    for (const card of [ana.card, 'NOBODY-HAS-THIS']) {
      const response = await identifyCard(harness, { card }, { ip: kioskAddress() });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ messageKey: 'rfidClockOff', detail: 'The RFID clock is turned off for this company.' });
    }
  });

  it('refuses the card of a company that keeps it off while another company takes cards', async () => {
    await cardHolder();
    const off = await cardHolder({ rfidClock: false });
    expect(await cardReader()).toEqual({ enabled: true });
    const response = await identifyCard(harness, { card: off.card }, { ip: kioskAddress() });
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).code).toBe('forbidden');
    expect(response.json()).toMatchObject({ messageKey: 'rfidClockOff' });
  });

  it('refuses cards at a registered kiosk of a company that keeps it off, before looking the card up', async () => {
    const on = await cardHolder();
    const off = await cardHolder({ rfidClock: false });
    const { token } = await registerKiosk(harness, off.companyId);
    expect(await cardReader(token)).toEqual({ enabled: false });
    const response = await identifyCard(harness, { card: on.card }, { ip: kioskAddress(), kioskToken: token });
    expect(response.json()).toMatchObject({ status: 403, messageKey: 'rfidClockOff' });
  });
});

describe('identify by RFID card', () => {
  it('gives a ticket for a known card (any case, spaces around it trimmed) that punches the holder in', async () => {
    const cara = await cardHolder();
    await announceSchedule(harness, cara);
    const ip = kioskAddress();
    for (const card of [cara.card, ` ${cara.card.toLowerCase()} `]) {
      const response = await identifyCard(harness, { card, kioskId: 'lobby' }, { ip });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        pinRequired: false,
        employeeId: cara.employeeId,
        employeeName: `Cara Card${counter}`,
        method: 'card',
        message: 'Card accepted!',
        allowedActions: ['check-in'],
      });
    }
    const { ticket } = (await identifyCard(harness, { card: cara.card }, { ip })).json<{ ticket: string }>();
    const punched = await punchWith(harness, { ticket, action: 'check-in', commandId: randomUUID() }, { ip });
    expect(punched.statusCode).toBe(200);
    const { rows } = await harness.pool.query<{ type: string; method: string }>(
      `SELECT type, data->'source'->>'method' AS method FROM events WHERE stream_id LIKE $1`,
      [`work-day-${cara.employeeId}-%`],
    );
    expect(rows).toEqual([{ type: 'ClockedIn', method: 'card' }]);
  });

  it('answers an unknown card 401 and slows an address trying cards past its burst', async () => {
    await cardHolder();
    const ip = kioskAddress();
    const statuses = [];
    for (let attempt = 1; attempt <= ADDRESS_FAILURE_LIMIT.burst + 1; attempt += 1)
      statuses.push((await identifyCard(harness, { card: `GUESS${attempt}X${counter}` }, { ip })).statusCode);
    expect(statuses).toEqual([...Array<number>(ADDRESS_FAILURE_LIMIT.burst).fill(401), 429]);
    const first = await identifyCard(harness, { card: 'ANOTHER-GUESS' }, { ip: '192.0.2.77' });
    expect(first.json()).toMatchObject({ status: 401, messageKey: 'cardNotRecognized', detail: 'Card not recognized, please enter your ID and PIN.' });
  });

  it('does not identify an archived card holder', async () => {
    const cara = await cardHolder();
    await announceEmployee(harness, {
      employeeId: cara.employeeId,
      companyId: cara.companyId,
      nationalId: `C-${counter}`,
      rfidCard: cara.card,
      employmentStatus: 'archived',
    });
    expect((await identifyCard(harness, { card: cara.card }, { ip: kioskAddress() })).statusCode).toBe(401);
  });

  it('follows people’s changes: a card taken away or given to someone else identifies its new holder only', async () => {
    const cara = await cardHolder();
    await announceEmployee(harness, { employeeId: cara.employeeId, companyId: cara.companyId, nationalId: `C-${counter}`, rfidCard: null });
    expect((await identifyCard(harness, { card: cara.card }, { ip: kioskAddress() })).statusCode).toBe(401);
    const ben = await announceEmployee(harness, {
      companyId: cara.companyId,
      firstName: 'Ben',
      lastName: 'Next',
      nationalId: `B-${counter}`,
      email: `ben${counter}@example.com`,
      rfidCard: cara.card,
    });
    expect((await identifyCard(harness, { card: cara.card }, { ip: kioskAddress() })).json()).toMatchObject({ employeeId: ben.employeeId });
  });

  it('does not know another company’s card at a registered kiosk, and refuses a card outside the company’s address list with Access Denied', async () => {
    const cara = await cardHolder();
    const other = await cardHolder();
    const { token } = await registerKiosk(harness, other.companyId);
    const atOtherKiosk = await identifyCard(harness, { card: cara.card }, { ip: kioskAddress(), kioskToken: token });
    expect(atOtherKiosk.json()).toMatchObject({ status: 401, messageKey: 'cardNotRecognized' });
    const own = await identifyCard(harness, { card: other.card }, { ip: kioskAddress(), kioskToken: token });
    expect(own.json()).toMatchObject({ pinRequired: false, employeeId: other.employeeId });

    const dana = await cardHolder({ ipRestriction: ['10.20.0.0/16'] });
    expect((await identifyCard(harness, { card: dana.card }, { ip: kioskAddress() })).json()).toMatchObject({ status: 403, messageKey: 'accessDenied' });
    expect((await identifyCard(harness, { card: dana.card }, { ip: '10.20.3.4' })).statusCode).toBe(200);
  });

  it('refuses a card two companies gave out as not recognized at an unregistered browser, rather than clocking either holder', async () => {
    const cara = await cardHolder();
    // Another company's Admin gives one of theirs the same number (cards are unique per company only).
    const otherCompany = randomUUID();
    await announceSettings(harness, otherCompany, { rfidClock: true });
    const copy = await announceEmployee(harness, {
      companyId: otherCompany,
      firstName: 'Copy',
      lastName: `Cat${counter}`,
      email: `copy${counter}@example.com`,
      nationalId: `K-${counter}`,
      rfidCard: cara.card,
    });
    for (const card of [cara.card, cara.card.toLowerCase()]) {
      const response = await identifyCard(harness, { card }, { ip: kioskAddress() });
      expect(response.json()).toMatchObject({ status: 401, messageKey: 'cardNotRecognized' });
    }
    // Each company's registered kiosk reads the card as its own holder's.
    const { token } = await registerKiosk(harness, cara.companyId);
    expect((await identifyCard(harness, { card: cara.card }, { ip: kioskAddress(), kioskToken: token })).json()).toMatchObject({ employeeId: cara.employeeId });
    const other = await registerKiosk(harness, otherCompany);
    expect((await identifyCard(harness, { card: cara.card }, { ip: kioskAddress(), kioskToken: other.token })).json()).toMatchObject({
      employeeId: copy.employeeId,
    });
  });

  it('does not count a failed card at one company’s kiosk against another company’s holder of the same number', async () => {
    const cara = await cardHolder({ pinAfterCard: true });
    const otherCompany = randomUUID();
    await announceSettings(harness, otherCompany, { rfidClock: true, pinAfterCard: true });
    const copy = await announceEmployee(harness, {
      companyId: otherCompany,
      firstName: 'Copy',
      lastName: `Pin${counter}`,
      email: `copypin${counter}@example.com`,
      nationalId: `KP-${counter}`,
      rfidCard: cara.card,
    });
    await givePin(harness, copy, PIN);
    const { token } = await registerKiosk(harness, otherCompany);
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await identifyCard(harness, { card: cara.card, pin: '111111' }, { ip: kioskAddress(), kioskToken: token });
    // Cara, of the first company, is not locked out at her company's kiosk by guesses at the other company's.
    const own = await registerKiosk(harness, cara.companyId);
    expect((await identifyCard(harness, { card: cara.card, pin: PIN }, { ip: '192.0.2.90', kioskToken: own.token })).json()).toMatchObject({
      employeeId: cara.employeeId,
    });
  });

  it('refuses a card number with spaces, control characters or NUL, or longer than 64 characters, with 400', async () => {
    await cardHolder();
    for (const card of ['12 34', '1234\u0000', 'ab\tcd', 'x'.repeat(65), '', 'é123']) {
      const response = await identifyCard(harness, { card }, { ip: kioskAddress() });
      expect(response.statusCode, JSON.stringify(card)).toBe(400);
    }
  });
});

describe('the PIN after a card', () => {
  it('asks for the PIN after the card, then gives the ticket for the card with the right PIN', async () => {
    const cara = await cardHolder({ pinAfterCard: true });
    const ip = kioskAddress();
    const asked = await identifyCard(harness, { card: cara.card }, { ip });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ pinRequired: true, message: 'Card read. Enter your PIN to continue.' });
    const wrong = await identifyCard(harness, { card: cara.card, pin: '000000' }, { ip });
    expect(wrong.json()).toMatchObject({ status: 401, messageKey: 'wrongCardOrPin' });
    const right = await identifyCard(harness, { card: cara.card, pin: PIN }, { ip });
    expect(right.json()).toMatchObject({ pinRequired: false, employeeId: cara.employeeId, method: 'card' });
  });

  it('locks the holder out after 5 wrong PINs, and swiping the card alone in between neither counts nor clears them', async () => {
    const cara = await cardHolder({ pinAfterCard: true });
    const ip = kioskAddress();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await identifyCard(harness, { card: cara.card, pin: '111111' }, { ip })).statusCode).toBe(401);
      expect((await identifyCard(harness, { card: cara.card }, { ip })).json()).toMatchObject({ pinRequired: true });
    }
    // The fifth wrong PIN locks, as the PIN path does: the right one is refused until the lock has passed.
    expect((await identifyCard(harness, { card: cara.card, pin: '111111' }, { ip })).statusCode).toBe(401);
    const locked = await identifyCard(harness, { card: cara.card, pin: PIN }, { ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    harness.clock.set(new Date(harness.clock.now().getTime() + 61_000).toISOString());
    expect((await identifyCard(harness, { card: cara.card, pin: PIN }, { ip })).statusCode).toBe(200);
  });
});

it('never answers with a PIN hash or another holder’s card', () => {
  expect(answers.length).toBeGreaterThan(10);
  for (const body of answers) expect(body).not.toMatch(/\$argon2/);
});
