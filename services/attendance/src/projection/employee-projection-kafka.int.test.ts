import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope, KafkaBusOptions } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { employeeSnapshot } from '@ams/contracts/testing';
import { hashPin } from '@ams/credentials';
import { findDirectoryEmployee } from '@ams/directory';
import { startKafkaTestCluster, waitFor as until, type KafkaTestCluster } from '@ams/kafka-mock/test-cluster';
import { PIN_PEPPER, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { identifyPin } from '../test-support/kiosk-test-support.ts';

const PIN = '582046';
const TOPICS = ['ams.employee', 'ams.organisation', 'ams.schedule', 'ams.settings'];

let cluster: KafkaTestCluster;
let harness: AttendanceHarness | undefined;

beforeAll(async () => {
  cluster = await startKafkaTestCluster(['employee', 'organisation', 'schedule', 'settings', 'attendance']);
});
afterAll(async () => {
  await harness?.close();
  await cluster?.close();
});

describe('attendance’s employee projection on Kafka', () => {
  it(
    'is one consumer group, attendance~ams.employee+ams.organisation+ams.schedule+ams.settings, that a new installation fills from the topics’ history: directory and kiosk alike',
    { timeout: 60_000 },
    async () => {
      // People announced her, and her PIN, before this attendance existed.
      const noa = employeeSnapshot({ firstName: 'Noa', lastName: 'Replayed', email: 'noa@example.com', nationalId: 'NOA-1' });
      const pinChanged = testEvent('employee.PinChanged', noa.employeeId, {
        employeeId: noa.employeeId,
        companyId: noa.companyId,
        pinHash: await hashPin(PIN, PIN_PEPPER),
      });
      await cluster.bus('people').publish([testEvent('employee.EmployeeCreated', noa.employeeId, noa), pinChanged]);

      const joins: Array<Parameters<NonNullable<KafkaBusOptions['onGroupJoin']>>[0]> = [];
      harness = await startAttendance({ bus: cluster.bus('attendance', { onGroupJoin: (join) => void joins.push(join) }) });
      const running = harness;
      const handled = async (event: EventEnvelope) => ((await running.pool.query('SELECT 1 FROM inbox WHERE event_id = $1', [event.id])).rowCount ?? 0) > 0;
      await until(() => handled(pinChanged), 'her PIN change to be read from the beginning of ams.employee');

      expect(new Set(joins.map((join) => join.group))).toEqual(new Set(['attendance']));
      // Attendance's other subscription (history requests, ams.history) joins apart: the projection's is the one with ams.employee.
      const projectionJoin = joins.filter((join) => 'ams.employee' in join.assignment).at(-1);
      expect(Object.keys(projectionJoin?.assignment ?? {}).sort()).toEqual(TOPICS);
      expect(await findDirectoryEmployee(running.pool, noa.employeeId)).toMatchObject({ firstName: 'Noa', lastName: 'Replayed' });
      const identified = await identifyPin(running, { identifier: noa.nationalId, pin: PIN });
      expect(identified.statusCode).toBe(200);
      expect(identified.json()).toMatchObject({ employeeId: noa.employeeId, employeeName: 'Noa Replayed' });
    },
  );
});
