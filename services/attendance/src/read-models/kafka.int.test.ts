import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicForFamily, type EventEnvelope } from '@ams/bus';
import { WORK_DAY_CHANGED, type Attendance, type WorkDayChanged } from '@ams/contracts';
import { adminOf } from '@ams/contracts/testing';
import { startKafkaTestCluster, waitFor as until, type KafkaTestCluster } from '@ams/kafka-mock/test-cluster';
import { call } from '@ams/service-kit/testing';
import type { AttendanceContext } from '../context.ts';
import { announceEmployee, announceSchedule, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { waitForReadModels } from './projection.ts';
import { punchAt, serviceContext } from './read-models-test-support.ts';

let cluster: KafkaTestCluster;
let harness: AttendanceHarness | undefined;
let ctx: AttendanceContext | undefined;

const kafkaBus = (clientId: string) => cluster.bus(clientId);

beforeAll(async () => {
  cluster = await startKafkaTestCluster(['employee', 'organisation', 'schedule', 'settings', 'attendance']);
});

afterAll(async () => {
  await ctx?.relay.stop();
  await harness?.close();
  await cluster?.close();
});

describe('the attendance service on Kafka', () => {
  it('publishes each change of a work day as attendance.WorkDayChanged on ams.attendance, keyed by the employee', { timeout: 60_000 }, async () => {
    const observed: Array<EventEnvelope<WorkDayChanged>> = [];
    await kafkaBus('observer').subscribe(
      'attendance-observer',
      [topicForFamily('attendance')],
      async (event) => void observed.push(event as EventEnvelope<WorkDayChanged>),
    );

    harness = await startAttendance({ bus: kafkaBus('attendance') });
    const running = harness;
    ctx = serviceContext(running);
    // People and scheduling announce the employee over Kafka; attendance's directory reads it from there.
    const employee = await announceEmployee(running, { firstName: 'Kafka', lastName: 'Clocker' });
    await announceSchedule(running, employee);
    const known = async (table: string) =>
      ((await running.pool.query(`SELECT 1 FROM ${table} WHERE employee_id = $1`, [employee.employeeId])).rowCount ?? 0) === 1;
    await until(
      async () => (await known('directory_employees')) && (await known('directory_schedules')),
      'the directory to hold the employee and the schedule',
    );

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
    expect(changes[1]?.payload).toMatchObject({
      employeeId: employee.employeeId,
      companyId: employee.companyId,
      workDate: '2026-11-23',
      lateMinutes: 3,
      status: 'late arrival',
    });

    // The read models come from the event store, not the bus: the same day is in the list.
    await waitForReadModels(running.pool);
    const page = await call<{ items: Attendance[] }>(running, adminOf(employee.companyId), 'GET', '/api/attendance');
    expect(page.body.items).toEqual([expect.objectContaining({ id, employeeName: 'Kafka Clocker', state: 'left', timeOut: '2026-11-23T17:00:00.000Z' })]);
  });
});
