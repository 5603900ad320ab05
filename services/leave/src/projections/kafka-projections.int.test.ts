import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicForFamily, type EventEnvelope } from '@ams/bus';
import type { Leave, LeaveState } from '@ams/contracts';
import { startKafkaTestCluster, waitFor as until, type KafkaTestCluster } from '@ams/kafka-mock/test-cluster';
import { employeePrincipal } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { companyEvents, employeeCreated, newCompanyRecords, scheduleAssigned } from '../test-support/directory-events.ts';
import { startLeave, type LeaveHarness } from '../test-support/leave-harness.ts';

let cluster: KafkaTestCluster;
let leave: LeaveHarness | undefined;

const kafkaBus = (clientId: string) => cluster.bus(clientId);

beforeAll(async () => {
  cluster = await startKafkaTestCluster(['employee', 'organisation', 'schedule', 'leave']);
});

afterAll(async () => {
  await leave?.close();
  await cluster?.close();
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
    const response = await call<Leave>(harness, employeePrincipal(company.companyId, employee.employeeId), 'POST', '/api/me/leaves', {
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
