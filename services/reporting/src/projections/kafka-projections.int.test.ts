import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafkaTestCluster, waitFor as until, type KafkaTestCluster } from '@ams/kafka-mock/test-cluster';
import { superAdmin } from '@ams/contracts/testing';
import { call, TEST_INTERNAL_SECRET } from '@ams/service-kit/testing';
import { buildReporting } from '../app.ts';
import { companyEvents, employeeCreated, leaveEvent, newCompany, scheduleEvent, workDayChanged } from '../test-support/fixture-events.ts';
import { startReporting, type ReportingHarness } from '../test-support/reporting-harness.ts';
import { resetReadModels } from './reporting-projection.ts';

let cluster: KafkaTestCluster;
let reporting: ReportingHarness | undefined;
const kafkaCo = newCompany('Kafka Co');
const kai = { employeeId: randomUUID(), companyId: kafkaCo.companyId };

beforeAll(async () => {
  cluster = await startKafkaTestCluster(['organisation', 'employee', 'settings', 'schedule', 'leave', 'attendance', 'identity', 'audit']);
});
afterAll(async () => {
  await reporting?.close();
  await cluster?.close();
});

describe('reporting on Kafka', () => {
  it('fills its read models from every topic’s beginning: events published before it started', { timeout: 90_000 }, async () => {
    const company = kafkaCo;
    const employee = kai;
    // The other services published before reporting started: its group reads the topics from the beginning.
    await cluster
      .bus('others')
      .publish([
        ...companyEvents(company, 'Europe/Lisbon'),
        employeeCreated(company, { ...employee, firstName: 'Kai', lastName: 'Kafka' }),
        scheduleEvent('Assigned', employee, { fromDate: '2026-03-23' }),
        leaveEvent('Approved', employee, { leaveTypeId: randomUUID(), from: '2026-03-25', to: '2026-03-25', workingDays: 1 }),
        workDayChanged(employee, '2026-03-23', { timeIn: '2026-03-23T09:00:00Z', timeOut: '2026-03-23T17:30:00Z' }),
      ]);
    const expected = { total: 3, totals: { daysWorked: 1, absences: 1, leaveDays: 1, workedHours: 8.5, overtimeHours: 0.5 } };
    const report = async () =>
      (
        await call<{ total: number; totals: Record<string, number> }>(
          reporting!,
          superAdmin,
          'GET',
          `/api/reports/attendance-overtime?from=2026-03-23&to=2026-03-25&companyId=${company.companyId}`,
        )
      ).body;
    const matches = async () => {
      const body = await report();
      return body.total === expected.total && body.totals['workedHours'] === 8.5 && body.totals['leaveDays'] === 1;
    };

    reporting = await startReporting({ bus: cluster.bus('reporting'), startAt: '2026-03-30T12:00:00Z' });
    await until(matches, 'the report to hold the published events');
    expect(await report()).toMatchObject(expected);
    await reporting.close();
    reporting = undefined;
  });

  it('reads every topic again from its beginning under a new group after a rebuild', { timeout: 90_000 }, async () => {
    const company = newCompany('Rebuilt Co');
    const employee = { employeeId: randomUUID(), companyId: company.companyId };
    await cluster
      .bus('others-2')
      .publish([
        ...companyEvents(company, 'Europe/Lisbon'),
        employeeCreated(company, { ...employee, firstName: 'Rita', lastName: 'Replay' }),
        scheduleEvent('Assigned', employee, { fromDate: '2026-03-23' }),
        workDayChanged(employee, '2026-03-23', { timeIn: '2026-03-23T09:00:00Z', timeOut: '2026-03-23T17:00:00Z' }),
      ]);
    reporting = await startReporting({ bus: cluster.bus('reporting-first'), startAt: '2026-03-23T18:00:00Z' });
    const harness = reporting;
    const employees = async () => (await harness.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM employees')).rows[0]?.n ?? 0;
    const known = async (employeeId: string) =>
      ((await harness.pool.query('SELECT 1 FROM employees WHERE employee_id = $1', [employeeId])).rowCount ?? 0) === 1;
    // The group 'reporting' goes on from where the first test's instance committed: Rita is new to it (Kai is not, once committed).
    await until(() => known(employee.employeeId), 'Rita');
    await harness.app.close();

    expect(await resetReadModels(harness.pool)).toBe('reporting-g2');
    expect(await employees()).toBe(0);
    const again = await buildReporting({
      pool: harness.pool,
      bus: cluster.bus('reporting-again'),
      secrets: { internal: TEST_INTERNAL_SECRET },
      logLevel: 'silent',
      now: harness.clock.now,
    });
    harness.onClose(() => again.close());
    // reporting-g2 reads the topics from their beginning: Kai, published before either instance started, comes back too.
    // Rita's work day too: its topic is read beside the others (no read waits for the projections any more).
    const worked = async () => ((await harness.pool.query('SELECT 1 FROM work_days WHERE employee_id = $1', [employee.employeeId])).rowCount ?? 0) === 1;
    await until(
      async () => (await known(employee.employeeId)) && (await known(kai.employeeId)) && (await worked()),
      'the read models filled again from the topics’ beginning',
    );
    expect(await employees()).toBe(2);
    const body = (
      await call<{ total: number }>(
        { app: again },
        superAdmin,
        'GET',
        `/api/reports/attendance-overtime?from=2026-03-23&to=2026-03-23&companyId=${company.companyId}`,
      )
    ).body;
    expect(body.total).toBe(1);
  });
});
