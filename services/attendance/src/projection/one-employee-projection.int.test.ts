import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus, type EventEnvelope } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { employeeSnapshot } from '@ams/contracts/testing';
import { findDirectoryEmployee } from '@ams/directory';
import { announceSchedule, announceSettings, startAttendance, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { givePin, identifyPin, punchWith } from '../test-support/kiosk-test-support.ts';
import { findKioskEmployee } from '../identification/candidate-repository.ts';

// attendance keeps one projection of people's employees: the directory's row, and what the kiosk adds
// (national ID, PIN hash, faces), written by one handler in one transaction under one inbox.

const PIN = '731946';
let harness: AttendanceHarness;
let bus: Bus;
const deadLetters: EventEnvelope[] = [];

beforeAll(async () => {
  // Quick retries: the tests below make an event fail on purpose and wait for it to be dead-lettered.
  bus = createInProcessBus({ retry: { attempts: 2, initialDelayMs: 1, maxDelayMs: 1 }, onDeadLetter: (event) => void deadLetters.push(event) });
  harness = await startAttendance({ bus });
  await announceSettings(harness, null);
});
afterAll(async () => {
  await harness?.close();
  await bus?.close();
});

let counter = 0;
function snapshotOf(overrides: Parameters<typeof employeeSnapshot>[0] = {}) {
  counter += 1;
  return employeeSnapshot({
    firstName: 'Noor',
    lastName: `Projected${counter}`,
    email: `noor${counter}@example.com`,
    nationalId: `ONE-${counter}`,
    ...overrides,
  });
}

const created = (snapshot: ReturnType<typeof employeeSnapshot>, type = 'employee.EmployeeCreated') => testEvent(type, snapshot.employeeId, snapshot);
const employeeOf = (snapshot: ReturnType<typeof employeeSnapshot>): TestEmployee => ({
  employeeId: snapshot.employeeId,
  companyId: snapshot.companyId,
  departmentId: snapshot.departmentId,
});

/** The consumer groups whose inbox recorded the event. */
async function inboxGroupsOf(event: EventEnvelope): Promise<string[]> {
  const { rows } = await harness.pool.query<{ group: string }>('SELECT consumer_group AS "group" FROM inbox WHERE event_id = $1 ORDER BY 1', [event.id]);
  return rows.map((row) => row.group);
}

/** Runs `work` while `table` refuses every row of the employee (a failure injected into one part of the projection). */
async function whileRefusing(table: string, when: 'INSERT' | 'UPDATE', employeeId: string, work: () => Promise<void>): Promise<void> {
  const name = `refuse_${randomUUID().replaceAll('-', '')}`;
  await harness.pool.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
  await harness.pool.query(
    `CREATE TRIGGER ${name} BEFORE ${when} ON ${table} FOR EACH ROW WHEN (NEW.employee_id = '${employeeId}') EXECUTE FUNCTION ${name}()`,
  );
  try {
    await work();
  } finally {
    await harness.pool.query(`DROP TRIGGER ${name} ON ${table}`);
    await harness.pool.query(`DROP FUNCTION ${name}()`);
  }
}

describe('one employee projection in attendance', () => {
  it('records each employee event once, in the one consumer group’s inbox, for both the punch and the kiosk', async () => {
    const noor = snapshotOf();
    const events = [
      created(noor),
      testEvent('employee.PinChanged', noor.employeeId, { employeeId: noor.employeeId, companyId: noor.companyId, pinHash: null }),
    ];
    await harness.bus.publish(events);
    for (const event of events) expect(await inboxGroupsOf(event)).toEqual(['attendance']);

    // What the kiosk identifies, the punch knows: a ticket from the PIN is punched with at once.
    await announceSchedule(harness, employeeOf(noor));
    await givePin(harness, employeeOf(noor), PIN);
    const identified = await identifyPin(harness, { identifier: noor.nationalId, pin: PIN });
    expect(identified.statusCode).toBe(200);
    const punched = await punchWith(harness, { ticket: identified.json<{ ticket: string }>().ticket, action: 'check-in', commandId: randomUUID() });
    expect(punched.json()).toMatchObject({ message: 'Recorded successfully!', employeeName: `Noor ${noor.lastName}` });
  });

  it('never lets the kiosk know the PIN of an employee the directory could not record', async () => {
    const ida = snapshotOf({ firstName: 'Ida' });
    const event = created(ida);
    await whileRefusing('directory_employees', 'INSERT', ida.employeeId, () => harness.bus.publish([event]));
    expect(deadLetters.map((dead) => dead.id)).toContain(event.id);
    await givePin(harness, employeeOf(ida), PIN);

    expect(await findDirectoryEmployee(harness.pool, ida.employeeId)).toBeNull();
    expect(await findKioskEmployee(harness.pool, ida.employeeId)).toBeNull();
    for (const identifier of [ida.email, ida.nationalId]) expect((await identifyPin(harness, { identifier, pin: PIN })).statusCode).toBe(401);
    expect(await inboxGroupsOf(event)).toEqual([]);
  });

  it('leaves the directory’s employee as it was when the kiosk’s part of the same event fails, and applies both when it is redelivered', async () => {
    const eli = snapshotOf({ firstName: 'Eli' });
    // A face template (another model's, so it never matches): a change of the employee touches it too.
    await harness.bus.publish([
      created(eli),
      testEvent('employee.FaceEnrolled', eli.employeeId, {
        employeeId: eli.employeeId,
        companyId: eli.companyId,
        model: 'some-older-model',
        embedding: Buffer.from('not a real template').toString('base64'),
        realScore: 0.9,
        liveScore: 0.9,
        enrolledAt: '2026-11-01T10:00:00.000Z',
        thumbnail: null,
      }),
    ]);
    const archived = created({ ...eli, lastName: 'Archived', employmentStatus: 'archived' }, 'employee.EmployeeArchived');
    await whileRefusing('kiosk_face_templates', 'UPDATE', eli.employeeId, () => harness.bus.publish([archived]));
    expect(deadLetters.map((dead) => dead.id)).toContain(archived.id);

    const directory = await findDirectoryEmployee(harness.pool, eli.employeeId);
    expect(directory).toMatchObject({ lastName: eli.lastName, employmentStatus: 'active' });
    expect(await findKioskEmployee(harness.pool, eli.employeeId)).toMatchObject({ lastName: eli.lastName, employmentStatus: 'active' });
    expect(await inboxGroupsOf(archived)).toEqual([]);

    // Replayed from the dead letters once the cause is gone: the directory and the kiosk follow together.
    await harness.bus.publish([archived]);
    expect(await findDirectoryEmployee(harness.pool, eli.employeeId)).toMatchObject({ lastName: 'Archived', employmentStatus: 'archived' });
    expect(await findKioskEmployee(harness.pool, eli.employeeId)).toMatchObject({ lastName: 'Archived', employmentStatus: 'archived' });
    expect(await inboxGroupsOf(archived)).toEqual(['attendance']);
  });

  it('ignores a replayed employee event in the directory and the kiosk alike: an old snapshot or PIN does not come back', async () => {
    const ada = snapshotOf({ firstName: 'Ada' });
    const ada2 = { ...ada, lastName: 'Renamed', email: `renamed.${ada.email}`, nationalId: `${ada.nationalId}-2` };
    const oldPin = testEvent('employee.PinChanged', ada.employeeId, { employeeId: ada.employeeId, companyId: ada.companyId, pinHash: null });
    const history = [created(ada), oldPin, created(ada2, 'employee.EmployeeUpdated')];
    await harness.bus.publish(history);
    await givePin(harness, employeeOf(ada), PIN);

    await harness.bus.publish(history);

    expect(await findDirectoryEmployee(harness.pool, ada.employeeId)).toMatchObject({ lastName: 'Renamed', email: ada2.email });
    expect(await findKioskEmployee(harness.pool, ada.employeeId)).toMatchObject({ lastName: 'Renamed' });
    expect((await identifyPin(harness, { identifier: ada2.nationalId, pin: PIN })).statusCode).toBe(200);
    expect((await identifyPin(harness, { identifier: ada.nationalId, pin: PIN })).statusCode).toBe(401);
    for (const event of history) expect(await inboxGroupsOf(event)).toEqual(['attendance']);
  });
});
