import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicForFamily, type EventEnvelope } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { adminOf, employeeSnapshot } from '@ams/contracts/testing';
import { findDirectoryEmployee } from '@ams/directory';
import { startKafkaTestCluster, waitFor as until, type KafkaTestCluster } from '@ams/kafka-mock/test-cluster';
import { assign, scheduleFields, startScheduling, type SchedulingHarness } from '../test-support/scheduling-harness.ts';

// The real Kafka adapter against librdkafka's mock cluster: people's employee events in, schedule events out.

let cluster: KafkaTestCluster;
let scheduling: SchedulingHarness | undefined;

const kafkaBus = (clientId: string) => cluster.bus(clientId);

beforeAll(async () => {
  cluster = await startKafkaTestCluster(['employee', 'organisation', 'schedule']);
});

afterAll(async () => {
  await scheduling?.close();
  await cluster?.close();
});

describe('scheduling on Kafka', () => {
  it('learns an employee from ams.employee and announces the schedule on ams.schedule', async () => {
    const received: EventEnvelope[] = [];
    await kafkaBus('schedule-reader').subscribe('schedule-reader', [topicForFamily('schedule')], async (event) => void received.push(event));
    scheduling = await startScheduling({ bus: kafkaBus('scheduling') });
    const { app, pool } = scheduling;

    const ana = employeeSnapshot({ firstName: 'Ana', lastName: 'Kafka' });
    await kafkaBus('people').publish([testEvent('employee.EmployeeCreated', ana.employeeId, ana)]);
    const known = await until(() => findDirectoryEmployee(pool, ana.employeeId), 'the employee to reach the directory');
    expect(known).toMatchObject({ companyId: ana.companyId, firstName: 'Ana', lastName: 'Kafka', employmentStatus: 'active' });

    const schedule = await assign(app, adminOf(ana.companyId), scheduleFields(ana.employeeId, { startTime: '22:00:00.000Z', offTime: '06:00:00.000Z' }));
    expect(schedule).toMatchObject({ employeeName: 'Ana Kafka', overnight: true, status: 'current' });
    const event = await until(async () => received.find((candidate) => candidate.key === ana.employeeId), 'ScheduleAssigned on ams.schedule');
    expect(event).toMatchObject({
      type: 'schedule.ScheduleAssigned',
      payload: {
        scheduleId: schedule.id,
        employeeId: ana.employeeId,
        companyId: ana.companyId,
        startTime: '22:00:00.000Z',
        offTime: '06:00:00.000Z',
        status: 'current',
      },
    });
  });
});
