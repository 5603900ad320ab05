import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServerUrl } from '@ams/db/testing';
import { adminOf } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { hire, scheduleFields, startScheduling, type SchedulingHarness } from '../test-support/scheduling-harness.ts';
import { overlaps } from './schedule-rules.ts';

// Truly concurrent transactions exist only on a PostgreSQL server (PGlite runs one at a time).
let scheduling: SchedulingHarness;

beforeAll(async () => {
  requireServerUrl();
  scheduling = await startScheduling({ startAt: '2026-11-21T10:00:00Z' });
});
afterAll(async () => {
  await scheduling?.close();
});

const OVERLAP = /^This schedule overlaps another schedule of this employee from \d{4}-\d{2}-\d{2}$/;

async function periodsOf(employeeId: string) {
  const { rows } = await scheduling.pool.query<{ fromDate: string; toDate: string | null; status: string }>(
    'SELECT from_date AS "fromDate", to_date AS "toDate", status FROM schedules WHERE employee_id = $1 ORDER BY from_date',
    [employeeId],
  );
  return rows;
}

describe('concurrent assignments for one employee', () => {
  it('let exactly one of two identical assignments win; the other is refused as an overlap', async () => {
    const ana = await hire(scheduling.bus);
    const admin = adminOf(ana.companyId);
    const answers = await Promise.all(
      [1, 2].map(() => call(scheduling, admin, 'POST', '/api/schedules', scheduleFields(ana.employeeId, { fromDate: '2026-12-01' }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((answers.find((answer) => answer.status === 409)?.body as { detail: string }).detail).toBe(
      'This schedule overlaps another schedule of this employee from 2026-12-01',
    );
    expect(await periodsOf(ana.employeeId)).toEqual([{ fromDate: '2026-12-01', toDate: null, status: 'current' }]);
    expect(scheduling.events.filter((event) => event.key === ana.employeeId).map((event) => event.type)).toEqual(['schedule.ScheduleAssigned']);
  });

  it('leave one current schedule and no overlapping periods, whatever order many assignments commit in', async () => {
    const rui = await hire(scheduling.bus);
    const admin = adminOf(rui.companyId);
    const dates = ['2026-03-01', '2026-01-01', '2026-05-01', '2026-02-01', '2026-06-01', '2026-04-01', '2026-02-15', '2026-05-20'];
    const answers = await Promise.all(dates.map((fromDate) => call(scheduling, admin, 'POST', '/api/schedules', scheduleFields(rui.employeeId, { fromDate }))));
    for (const answer of answers) {
      if (answer.status !== 201)
        expect({ status: answer.status, detail: (answer.body as { detail: string }).detail }).toEqual({ status: 409, detail: expect.stringMatching(OVERLAP) });
    }
    const periods = await periodsOf(rui.employeeId);
    expect(periods).toHaveLength(answers.filter((answer) => answer.status === 201).length);
    const current = (await call(scheduling, admin, 'GET', `/api/schedules?employeeId=${rui.employeeId}&status=current`)).body as {
      items: Array<{ fromDate: string }>;
    };
    expect(current.items.map((schedule) => schedule.fromDate)).toEqual([periods.at(-1)?.fromDate]);
    periods.forEach((period, index) =>
      periods.slice(index + 1).forEach((later) => expect(overlaps(period, later), JSON.stringify([period, later])).toBe(false)),
    );
    const assigned = scheduling.events.filter((event) => event.key === rui.employeeId && event.type === 'schedule.ScheduleAssigned');
    expect(assigned).toHaveLength(periods.length);
  });
});
