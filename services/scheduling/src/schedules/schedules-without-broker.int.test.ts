import { afterAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { adminOf, employeeSnapshot } from '@ams/contracts/testing';
import { findDirectoryEmployee } from '@ams/directory';
import { call } from '@ams/service-kit/testing';
import { reserveKafkaTestCluster, waitFor as until, type LateKafkaCluster } from '@ams/kafka-mock/test-cluster';
import { startScheduling, type SchedulingHarness } from '../test-support/scheduling-harness.ts';

// Distributed mode with the broker away at start: the service starts anyway, serves what needs no bus,
// reports the bus as degraded, and joins its groups once the broker answers.

let late: LateKafkaCluster | undefined;
let scheduling: SchedulingHarness | undefined;

afterAll(async () => {
  await scheduling?.close();
  await late?.close();
});

describe('scheduling started before its Kafka broker', () => {
  it('serves and stays ready with the bus degraded, then learns employees once the broker is up', async () => {
    late = await reserveKafkaTestCluster(['employee', 'organisation', 'settings', 'schedule']);
    scheduling = await startScheduling({ bus: late.bus('scheduling') });
    const { app, pool } = scheduling;

    const degraded = await app.inject({ method: 'GET', url: '/ready' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ status: 'degraded', checks: { database: 'up', bus: 'degraded' } });
    const ana = employeeSnapshot({ firstName: 'Ana', lastName: 'Late' });
    const list = await call({ app }, adminOf(ana.companyId), 'GET', '/api/schedules');
    expect(list.status).toBe(200);

    const cluster = await late.start();
    await cluster.bus('people').publish([testEvent('employee.EmployeeCreated', ana.employeeId, ana)]);
    const known = await until(() => findDirectoryEmployee(pool, ana.employeeId), 'the employee to reach the directory');
    expect(known).toMatchObject({ firstName: 'Ana', lastName: 'Late' });
    const ready = await until(async () => {
      const probe = await app.inject({ method: 'GET', url: '/ready' });
      return probe.json<{ status: string }>().status === 'ready' && probe.json<unknown>();
    }, 'the bus to be up');
    expect(ready).toEqual({ status: 'ready', checks: { database: 'up', bus: 'up' } });
  });
});
