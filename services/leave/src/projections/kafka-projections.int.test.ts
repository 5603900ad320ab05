import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLevel } from 'kafkajs';
import { createKafkaBus, topicForFamily, type Bus, type EventEnvelope } from '@ams/bus';
import type { Leave, LeaveState } from '@ams/contracts';
import { startKafkaMock, type KafkaMock } from '@ams/kafka-mock';
import { companyEvents, employeeCreated, newCompanyRecords, scheduleAssigned } from '../test-support/directory-events.ts';
import { call, employeeOf, startLeave, type LeaveHarness } from '../test-support/leave-harness.ts';

// The mock cluster holds a group's first join for 3 s; short sessions and fetch waits keep this test to seconds.
const tuning = { sessionTimeoutMs: 3_000, heartbeatIntervalMs: 500, maxWaitTimeInMs: 100 };
const PARTITIONS = 2;

let mock: KafkaMock;
const buses: Bus[] = [];
let leave: LeaveHarness | undefined;

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
  for (const family of ['employee', 'organisation', 'schedule', 'leave']) await mock.createTopic(topicForFamily(family), PARTITIONS);
});

afterAll(async () => {
  await leave?.close();
  await Promise.all(buses.map((bus) => bus.close()));
  await mock?.stop();
});

describe('the leave service on Kafka', () => {
  it("projects people's and scheduling's events from their topics and publishes the request on ams.leave", { timeout: 60_000 }, async () => {
    const company = newCompanyRecords();
    const created = employeeCreated(company, { firstName: 'Kafka', lastName: 'Reader' });
    const employee = { employeeId: created.payload.employeeId, companyId: company.companyId };
    // Fridays off as well: a count that only this schedule explains.
    const schedule = scheduleAssigned(employee, { restDays: ['friday', 'saturday', 'sunday'] });

    // People and scheduling publish before leave starts: its group reads the topics from the beginning.
    await kafkaBus('people-and-scheduling').publish([...companyEvents(company), created, schedule]);

    const observed: Array<EventEnvelope<LeaveState>> = [];
    await kafkaBus('observer').subscribe('leave-observer', [topicForFamily('leave')], async (event) => void observed.push(event as EventEnvelope<LeaveState>));

    leave = await startLeave({ bus: kafkaBus('leave') });
    const harness = leave;
    const count = async (sql: string, params: unknown[]) => (await harness.pool.query(sql, params)).rowCount ?? 0;
    await until(
      async () =>
        (await count('SELECT 1 FROM directory_employees WHERE employee_id = $1', [employee.employeeId])) === 1 &&
        (await count('SELECT 1 FROM directory_leave_types WHERE company_id = $1', [company.companyId])) === 2 &&
        (await count('SELECT 1 FROM directory_leave_groups WHERE company_id = $1', [company.companyId])) === 2 &&
        (await count('SELECT 1 FROM directory_schedules WHERE schedule_id = $1', [schedule.payload.scheduleId])) === 1,
      'the projections to hold the published events',
    );

    // Monday 1 to Sunday 7 June 2026, Friday to Sunday off.
    const response = await call<Leave>(harness, employeeOf(company.companyId, employee.employeeId), 'POST', '/api/me/leaves', {
      leaveTypeId: company.annualTypeId,
      from: '2026-06-01',
      to: '2026-06-07',
      reason: 'Over Kafka',
      returnDate: '2026-06-08',
    });
    expect(response.status, response.raw).toBe(201);
    expect(response.body).toMatchObject({ employeeName: 'Kafka Reader', leaveTypeName: 'Annual', workingDays: 4, status: 'pending' });

    await until(() => observed.some((event) => event.payload.leaveId === response.body.id), 'leave.LeaveRequested on ams.leave');
    const requested = observed.find((event) => event.payload.leaveId === response.body.id);
    expect(requested).toMatchObject({
      type: 'leave.LeaveRequested',
      key: employee.employeeId,
      payload: { leaveId: response.body.id, employeeId: employee.employeeId, companyId: company.companyId, workingDays: 4, status: 'pending' },
    });
  });
});
