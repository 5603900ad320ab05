import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLevel } from 'kafkajs';
import { createKafkaBus, topicForFamily, type Bus, type EventEnvelope } from '@ams/bus';
import { WORK_DAY_CHANGED, type Attendance, type WorkDayChanged } from '@ams/contracts';
import { startKafkaMock, type KafkaMock } from '@ams/kafka-mock';
import type { AttendanceContext } from '../context.ts';
import { adminOf, announceEmployee, announceSchedule, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { waitForReadModels } from './projection.ts';
import { call, punchAt, serviceContext } from './read-models-test-support.ts';

// The mock cluster holds a group's first join for 3 s; short sessions and fetch waits keep this test to seconds.
const tuning = { sessionTimeoutMs: 3_000, heartbeatIntervalMs: 500, maxWaitTimeInMs: 100 };
const PARTITIONS = 2;

let mock: KafkaMock;
const buses: Bus[] = [];
let harness: AttendanceHarness | undefined;
let ctx: AttendanceContext | undefined;

function kafkaBus(clientId: string): Bus {
  const bus = createKafkaBus({ brokers: mock.brokers, clientId, consumer: tuning, logLevel: logLevel.NOTHING });
  buses.push(bus);
  return bus;
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  mock = await startKafkaMock();
  for (const family of ['employee', 'organisation', 'schedule', 'settings', 'attendance']) await mock.createTopic(topicForFamily(family), PARTITIONS);
});

afterAll(async () => {
  await ctx?.relay.stop();
  await harness?.close();
  await Promise.all(buses.map((bus) => bus.close()));
  await mock?.stop();
});

describe('the attendance service on Kafka', () => {
  it('publishes each change of a work day as attendance.WorkDayChanged on ams.attendance, keyed by the employee', { timeout: 60_000 }, async () => {
    const observed: Array<EventEnvelope<WorkDayChanged>> = [];
    await kafkaBus('observer').subscribe('attendance-observer', [topicForFamily('attendance')], async (event) => void observed.push(event as EventEnvelope<WorkDayChanged>));

    harness = await startAttendance({ bus: kafkaBus('attendance') });
    const running = harness;
    ctx = serviceContext(running);
    // People and scheduling announce the employee over Kafka; attendance's directory reads it from there.
    const employee = await announceEmployee(running, { firstName: 'Kafka', lastName: 'Clocker' });
    await announceSchedule(running, employee);
    const known = async (table: string) => ((await running.pool.query(`SELECT 1 FROM ${table} WHERE employee_id = $1`, [employee.employeeId])).rowCount ?? 0) === 1;
    await until(async () => (await known('directory_employees')) && (await known('directory_schedules')), 'the directory to hold the employee and the schedule');

    const checkIn = await punchAt(running, ctx, employee, 'check-in', '2026-11-23T09:03:00.000Z');
    const checkOut = await punchAt(running, ctx, employee, 'check-out', '2026-11-23T17:00:00.000Z');
    const id = checkIn.attendance?.id;
    expect(checkOut.attendance?.id).toBe(id);

    await until(() => observed.filter((event) => event.payload.workDayId === id).length === 2, 'both changes on ams.attendance');
    const changes = observed.filter((event) => event.payload.workDayId === id);
    expect(changes.map((event) => [event.type, event.key, event.payload.change, event.payload.state])).toEqual([
      [WORK_DAY_CHANGED, employee.employeeId, 'ClockedIn', 'working'],
      [WORK_DAY_CHANGED, employee.employeeId, 'ClockedOut', 'left'],
    ]);
    expect(changes[1]?.payload).toMatchObject({ employeeId: employee.employeeId, companyId: employee.companyId, workDate: '2026-11-23', lateMinutes: 3, status: 'late arrival' });

    // The read models come from the event store, not the bus: the same day is in the list.
    await waitForReadModels(running.pool);
    const page = await call<{ items: Attendance[] }>(running, adminOf(employee.companyId), 'GET', '/api/attendance');
    expect(page.body.items).toEqual([expect.objectContaining({ id, employeeName: 'Kafka Clocker', state: 'left', timeOut: '2026-11-23T17:00:00.000Z' })]);
  });
});
