import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busMigrations, createInProcessBus, type Bus, type EventEnvelope } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { employeeSnapshot } from '@ams/contracts/testing';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { directoryMigrations, findDirectoryEmployee, subscribeDirectory, type DirectoryExtension } from './index.ts';

const GROUP = 'extended';
let database: TestDatabase;
let pool: Pool;
let bus: Bus;
const deadLetters: EventEnvelope[] = [];
/** What the extension saw of its own row from another connection once the directory said it committed. */
const seenAfterCommit: Array<{ employeeId: string; visible: boolean }> = [];
let calls = 0;

// A service's own table beside the directory's employee, as attendance keeps the kiosk's identities.
const extension: DirectoryExtension = async (tx, event) => {
  if (event.type !== 'employee.EmployeeCreated') return undefined;
  calls += 1;
  const { employeeId, nationalId } = event.payload as { employeeId: string; nationalId: string };
  if (nationalId === 'REFUSED') throw new Error('the extension refuses it');
  await tx.query('INSERT INTO extended_employees (employee_id, national_id) VALUES ($1, $2) ON CONFLICT (employee_id) DO UPDATE SET national_id = $2', [
    employeeId,
    nationalId,
  ]);
  return () => {
    void pool
      .query('SELECT 1 FROM extended_employees WHERE employee_id = $1', [employeeId])
      .then(({ rowCount }) => seenAfterCommit.push({ employeeId, visible: rowCount === 1 }));
  };
};

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: 'directory_extension_test', sources: [busMigrations, directoryMigrations] });
  pool = createPool({ connectionString: database.url, schema: 'directory_extension_test', max: 3 });
  await pool.query('CREATE TABLE extended_employees (employee_id uuid PRIMARY KEY, national_id text NOT NULL)');
  bus = createInProcessBus({ retry: { attempts: 2, initialDelayMs: 1, maxDelayMs: 1 }, onDeadLetter: (event) => void deadLetters.push(event) });
  await subscribeDirectory(bus, pool, GROUP, ['employee'], extension);
});
afterAll(async () => {
  await bus?.close();
  await pool?.end();
  await database?.dispose();
});

const inboxOf = async (event: EventEnvelope) => (await pool.query('SELECT consumer_group FROM inbox WHERE event_id = $1', [event.id])).rows;
const extendedOf = async (employeeId: string) => (await pool.query('SELECT national_id FROM extended_employees WHERE employee_id = $1', [employeeId])).rows;

describe('a service’s extension of its directory', () => {
  it('is applied with the directory’s employee under the group’s one inbox row, once however often the event comes, and hears of the commit after it', async () => {
    const snapshot = employeeSnapshot({ nationalId: 'EXT-1' });
    const event = testEvent('employee.EmployeeCreated', snapshot.employeeId, snapshot);
    const before = calls;
    await bus.publish([event]);
    await bus.publish([event]);

    expect(await findDirectoryEmployee(pool, snapshot.employeeId)).toMatchObject({ employeeId: snapshot.employeeId });
    expect(await extendedOf(snapshot.employeeId)).toEqual([{ national_id: 'EXT-1' }]);
    expect(await inboxOf(event)).toEqual([{ consumer_group: GROUP }]);
    expect(calls - before).toBe(1);
    await expect
      .poll(() => seenAfterCommit.find((seen) => seen.employeeId === snapshot.employeeId))
      .toEqual({ employeeId: snapshot.employeeId, visible: true });
  });

  it('takes the directory’s update back with it when it fails: neither is written, nor the inbox row, so a redelivery tries the whole again', async () => {
    const snapshot = employeeSnapshot({ nationalId: 'REFUSED' });
    const event = testEvent('employee.EmployeeCreated', snapshot.employeeId, snapshot);
    await bus.publish([event]);

    expect(deadLetters.map((dead) => dead.id)).toContain(event.id);
    expect(await findDirectoryEmployee(pool, snapshot.employeeId)).toBeNull();
    expect(await extendedOf(snapshot.employeeId)).toEqual([]);
    expect(await inboxOf(event)).toEqual([]);
    expect(seenAfterCommit.map((seen) => seen.employeeId)).not.toContain(snapshot.employeeId);
  });
});
