import { describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { ADDRESS_FAILURE_LIMIT } from '@ams/credentials';
import { announceEmployee, announceSettings, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { ACCESS_DENIED, answers, clientHeaders, givePin, identifyPin, problemOf, registerKiosk, startedForKiosk } from '../test-support/kiosk-test-support.ts';

const PIN = '482915';

let harness: AttendanceHarness;
let counter = 0;
const pinHashes: string[] = [];

/** A fresh employee with a PIN, so each test has its own lockout counters. */
async function employeeWithPin(pin: string | null = PIN): Promise<TestEmployee & { email: string; nationalId: string }> {
  counter += 1;
  const email = `pin.user${counter}@example.com`;
  const nationalId = `NID-${counter}-X`;
  const employee = await announceEmployee(harness, { firstName: 'Pat', lastName: `Number${counter}`, email, nationalId });
  const pinHash = await givePin(harness, employee, pin);
  if (pinHash) pinHashes.push(pinHash);
  return { ...employee, email, nationalId };
}

/** A client address of its own per test, so one test's failures never lock another's kiosk. */
const kioskAddress = () => `198.51.100.${(counter % 200) + 20}`;

const minutesLater = (minutes: number) => harness.clock.set(new Date(harness.clock.now().getTime() + minutes * 60_000).toISOString());
const secondsLater = (seconds: number) => minutesLater(seconds / 60);

/** Wrong PINs from `ip`, each for an identifier of its own (no person's lock is reached): guessing across people. */
async function wrongPinsAcrossPeople(ip: string, times: number) {
  const responses = [];
  for (let attempt = 1; attempt <= times; attempt += 1) {
    responses.push(await identifyPin(harness, { identifier: `guess-${ip}-${attempt}@example.com`, pin: '111111' }, ip));
  }
  return responses;
}

/** The statuses of `burst` wrong PINs answered as such, then one slowed. */
const burstThenSlowed = () => [...Array<number>(ADDRESS_FAILURE_LIMIT.burst).fill(401), 429];

startedForKiosk((started) => {
  harness = started;
});

describe('identify by identifier and PIN', () => {
  it('gives a ticket for the right PIN with the national ID or the email (any case)', async () => {
    const pat = await employeeWithPin();
    for (const identifier of [pat.nationalId, pat.email.toUpperCase(), ` ${pat.nationalId.toLowerCase()} `]) {
      const response = await identifyPin(harness, { identifier, pin: PIN, kioskId: 'lobby' }, kioskAddress());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ticket: expect.stringMatching(/^v1\./),
        employeeId: pat.employeeId,
        employeeName: `Pat Number${counter}`,
        photo: null,
        method: 'pin',
        message: 'PIN accepted!',
        expiresAt: new Date(harness.clock.now().getTime() + 120_000).toISOString(),
        // No schedule was assigned: nothing to offer, and why.
        allowedActions: [],
        unavailable: { messageKey: 'noActiveSchedule' },
      });
    }
  });

  it('answers a wrong PIN, an unknown identifier and an employee without a PIN alike, at a like cost', async () => {
    const pat = await employeeWithPin();
    const nopin = await employeeWithPin(null);
    const ip = kioskAddress();
    const timed = async (identifier: string) => {
      const started = performance.now();
      const response = await identifyPin(harness, { identifier, pin: '000000' }, ip);
      return { response, ms: performance.now() - started };
    };
    const wrong = [await timed(pat.email), await timed(pat.nationalId)];
    const unknown = [await timed('nobody@example.com'), await timed('NO-SUCH-ID')];
    const noPin = [await timed(nopin.email)];
    for (const { response } of [...wrong, ...unknown, ...noPin]) {
      expect(response.statusCode).toBe(401);
      const { instance: _instance, ...problem } = response.json<Record<string, unknown>>();
      expect(problem).toEqual({
        type: 'urn:ams:problem:unauthorized',
        title: 'Unauthorized',
        status: 401,
        code: 'unauthorized',
        detail: 'Wrong ID or PIN',
        message: 'Wrong ID or PIN',
        messageKey: 'wrongIdOrPin',
      });
    }
    // An argon2 check each: without the decoy, a miss would answer in a few milliseconds.
    const fastest = (runs: { ms: number }[]) => Math.min(...runs.map((run) => run.ms));
    expect(fastest([...unknown, ...noPin])).toBeGreaterThan(fastest(wrong) * 0.4);
  });

  it('never identifies by the PIN alone, nor an archived employee', async () => {
    const pat = await employeeWithPin();
    expect((await identifyPin(harness, { identifier: PIN, pin: PIN }, kioskAddress())).statusCode).toBe(401);
    await announceEmployee(harness, {
      employeeId: pat.employeeId,
      companyId: pat.companyId,
      email: pat.email,
      nationalId: pat.nationalId,
      employmentStatus: 'archived',
    });
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, kioskAddress())).statusCode).toBe(401);
  });

  it('follows people’s PIN changes: a new PIN replaces the old one, a removed PIN identifies nobody, a deleted employee neither', async () => {
    const pat = await employeeWithPin();
    await givePin(harness, pat, '13572468');
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, kioskAddress())).statusCode).toBe(401);
    expect((await identifyPin(harness, { identifier: pat.email, pin: '13572468' }, kioskAddress())).statusCode).toBe(200);
    await givePin(harness, pat, null);
    expect((await identifyPin(harness, { identifier: pat.email, pin: '13572468' }, kioskAddress())).statusCode).toBe(401);
    const ria = await employeeWithPin();
    await harness.bus.publish([testEvent('employee.EmployeeDeleted', ria.employeeId, { employeeId: ria.employeeId })]);
    expect((await identifyPin(harness, { identifier: ria.email, pin: PIN }, kioskAddress())).statusCode).toBe(401);
    const { rowCount } = await harness.pool.query('SELECT 1 FROM kiosk_identities WHERE employee_id = $1', [ria.employeeId]);
    expect(rowCount).toBe(0);
  });
});

describe('PIN lockout', () => {
  it('locks the person out after 5 wrong PINs, even for the right one, and lets them in once the minute has passed', async () => {
    const pat = await employeeWithPin();
    const ip = kioskAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip)).statusCode).toBe(401);
    const locked = await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(problemOf(locked).detail).toBe('Too many wrong attempts. Try again in 1 minute.');
    // Another kiosk does not help: the lock is the person's.
    expect((await identifyPin(harness, { identifier: pat.nationalId, pin: PIN }, '192.0.2.200')).statusCode).toBe(429);
    minutesLater(1);
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip)).statusCode).toBe(200);
    // The right PIN started the count over: four more wrong ones lock nothing.
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip)).statusCode).toBe(401);
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip)).statusCode).toBe(200);
  });

  it('doubles the lock for each wrong PIN after the first lock', async () => {
    const pat = await employeeWithPin();
    const ip = kioskAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip);
    minutesLater(1);
    expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip)).statusCode).toBe(401);
    const locked = await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip);
    expect(locked.headers['retry-after']).toBe('120');
    minutesLater(1);
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip)).statusCode).toBe(429);
    minutesLater(1);
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip)).statusCode).toBe(200);
  });

  it('never locks out an identifier it does not know yet (a new employee ahead of the events), then identifies them once known', async () => {
    const ip = '192.0.2.150';
    const newcomer = { firstName: 'Nia', lastName: 'New', email: 'nia.new@example.com', nationalId: 'NID-NEW-1' };
    const early = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) early.push(await identifyPin(harness, { identifier: newcomer.email, pin: PIN }, ip));
    expect(early.map((response) => response.statusCode)).toEqual(Array<number>(7).fill(401));
    expect(early.map((response) => problemOf(response).detail)).toEqual(Array<string>(7).fill('Wrong ID or PIN'));

    const employee = await announceEmployee(harness, newcomer);
    await givePin(harness, employee, PIN);
    expect((await identifyPin(harness, { identifier: newcomer.email, pin: PIN }, ip)).statusCode).toBe(200);
  });

  it('counts attempts before checking them: of 10 simultaneous wrong PINs, 5 are checked and 5 refused as locked', async () => {
    const pat = await employeeWithPin();
    const ip = kioskAddress();
    const responses = await Promise.all(Array.from({ length: 10 }, () => identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('gives the attempt back to another company’s holder of the same national ID when the right PIN names its own person', async () => {
    const pat = await employeeWithPin();
    const namesakeEmail = `namesake${counter}@example.com`;
    const namesake = await announceEmployee(harness, { firstName: 'Nam', lastName: 'Sake', email: namesakeEmail, nationalId: pat.nationalId });
    await givePin(harness, namesake, '13572468');
    const ip = kioskAddress();
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await identifyPin(harness, { identifier: namesakeEmail, pin: '111111' }, ip)).statusCode).toBe(401);
    // Counted against both before the check, which would lock the namesake: the right PIN gives that attempt back.
    const identified = await identifyPin(harness, { identifier: pat.nationalId, pin: PIN }, ip);
    expect(identified.json<{ employeeId: string }>().employeeId).toBe(pat.employeeId);
    // The namesake's four failures are kept, neither cleared nor grown: the fifth locks, not before.
    expect((await identifyPin(harness, { identifier: namesakeEmail, pin: '111111' }, ip)).statusCode).toBe(401);
    expect((await identifyPin(harness, { identifier: namesakeEmail, pin: '13572468' }, ip)).statusCode).toBe(429);
  });

  it('lifts a person’s lockout when people set a new PIN', async () => {
    const pat = await employeeWithPin();
    const ip = kioskAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip);
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip)).statusCode).toBe(429);
    await givePin(harness, pat, '97531864');
    expect((await identifyPin(harness, { identifier: pat.email, pin: '97531864' }, ip)).statusCode).toBe(200);
  });

  it('keeps a person’s own lockout, growing with their failures, neither lifted nor extended by colleagues’ right PINs at that address', async () => {
    const pat = await employeeWithPin();
    const colleagues = [await employeeWithPin(), await employeeWithPin(), await employeeWithPin()];
    const ip = '203.0.113.60';
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip)).statusCode).toBe(401);
    // Twenty wrong PINs from the address in all: the old per-address lock's threshold.
    expect((await wrongPinsAcrossPeople(ip, 15)).map((response) => response.statusCode)).toEqual(Array<number>(15).fill(401));
    const patLocked = () => identifyPin(harness, { identifier: pat.email, pin: PIN }, ip);
    expect((await patLocked()).headers['retry-after']).toBe('60');
    for (const colleague of colleagues) expect((await identifyPin(harness, { identifier: colleague.email, pin: PIN }, ip)).statusCode).toBe(200);
    const stillLocked = await patLocked();
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.headers['retry-after']).toBe('60');

    minutesLater(1);
    expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip)).statusCode).toBe(401);
    expect((await patLocked()).headers['retry-after']).toBe('120');
    for (const colleague of colleagues) expect((await identifyPin(harness, { identifier: colleague.nationalId, pin: PIN }, ip)).statusCode).toBe(200);
    expect((await patLocked()).headers['retry-after']).toBe('120');
    minutesLater(2);
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip)).statusCode).toBe(200);
  });
});

describe('wrong PINs from one client address', () => {
  it('are slowed past the address’s burst, at that address only, while a right PIN from it gets through at once', async () => {
    const pat = await employeeWithPin();
    const ria = await employeeWithPin();
    const ip = '203.0.113.77';
    const guesses = await wrongPinsAcrossPeople(ip, ADDRESS_FAILURE_LIMIT.burst + 1);
    expect(guesses.map((response) => response.statusCode)).toEqual(burstThenSlowed());
    const slowed = guesses.at(-1);
    expect(slowed?.headers['retry-after']).toBe('30');
    expect(slowed && problemOf(slowed).detail).toBe('Too many wrong attempts. Try again in 1 minute.');

    const right = await identifyPin(harness, { identifier: ria.email, pin: PIN }, ip);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ employeeId: ria.employeeId, method: 'pin' });
    expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, ip)).statusCode).toBe(429);
    expect((await identifyPin(harness, { identifier: pat.email, pin: PIN }, ip)).statusCode).toBe(200);
    expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, '203.0.113.78')).statusCode).toBe(401);
  });

  it('once the address has cooled, let ten colleagues with right PINs identify one after another at once', async () => {
    const colleagues = [];
    for (let i = 0; i < 10; i += 1) colleagues.push(await employeeWithPin());
    const ip = '203.0.113.80';
    const slowed = (await wrongPinsAcrossPeople(ip, ADDRESS_FAILURE_LIMIT.burst + 1)).at(-1);
    expect(slowed?.statusCode).toBe(429);
    secondsLater(Number(slowed?.headers['retry-after']));

    const statuses = [];
    for (const colleague of colleagues) statuses.push((await identifyPin(harness, { identifier: colleague.email, pin: PIN }, ip)).statusCode);
    expect(statuses).toEqual(Array<number>(10).fill(200));
    // Their right PINs took none of the address's room: one refill later, a wrong PIN is just wrong again.
    secondsLater(ADDRESS_FAILURE_LIMIT.refillMs / 1000);
    expect((await identifyPin(harness, { identifier: 'typo@example.com', pin: '111111' }, ip)).statusCode).toBe(401);
  });
});

describe('wrong PINs at registered kiosks behind one address', () => {
  it('are slowed per kiosk: a kiosk past its burst slows neither the other kiosks of the office nor its right PINs', async () => {
    const pat = await employeeWithPin();
    const ip = '203.0.113.90';
    const [front, back] = [await registerKiosk(harness, pat.companyId, 'Front'), await registerKiosk(harness, pat.companyId, 'Back')];
    const wrongAt = (token: string, attempt: number) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/clock/identify/pin',
        headers: clientHeaders({ ip, kioskToken: token }),
        payload: { identifier: `guess-kiosk-${attempt}@example.com`, pin: '111111' },
      });
    const statuses = [];
    for (let attempt = 1; attempt <= ADDRESS_FAILURE_LIMIT.burst + 1; attempt += 1) statuses.push((await wrongAt(front.token, attempt)).statusCode);
    expect(statuses).toEqual(burstThenSlowed());

    expect((await wrongAt(back.token, 0)).statusCode).toBe(401);
    expect((await identifyPin(harness, { identifier: 'typo@example.com', pin: '111111' }, ip)).statusCode).toBe(401);
    const right = await harness.app.inject({
      method: 'POST',
      url: '/api/clock/identify/pin',
      headers: clientHeaders({ ip, kioskToken: front.token }),
      payload: { identifier: pat.email, pin: PIN },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('the address restriction at PIN identification', () => {
  it('refuses the right PIN from outside the company’s list with Access Denied, and a wrong one as any wrong PIN', async () => {
    const pat = await employeeWithPin();
    await announceSettings(harness, pat.companyId, { ipRestriction: ['10.20.0.0/16'] });
    const outside = await identifyPin(harness, { identifier: pat.email, pin: PIN }, '203.0.113.5');
    expect(outside.statusCode).toBe(403);
    expect(problemOf(outside).detail).toBe(ACCESS_DENIED);
    expect(outside.body).not.toContain(pat.employeeId);
    expect((await identifyPin(harness, { identifier: pat.email, pin: '111111' }, '203.0.113.5')).statusCode).toBe(401);
    const inside = await identifyPin(harness, { identifier: pat.email, pin: PIN }, '10.20.1.2');
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toMatchObject({ employeeId: pat.employeeId });
  });
});

describe('what leaves the kiosk', () => {
  it('never contains a PIN hash', () => {
    expect(pinHashes.length).toBeGreaterThan(5);
    for (const body of answers) {
      expect(body).not.toContain('$argon2');
      for (const pinHash of pinHashes) expect(body).not.toContain(pinHash.slice(-24));
    }
  });
});
