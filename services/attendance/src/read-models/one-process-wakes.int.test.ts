import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollingInOneProcess } from '@ams/worker';
import { givePin, identifyPin, punchWith } from '../kiosk/kiosk-test-support.ts';
import { announceEmployee, announceSchedule, announceSettings, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { waitForReadModels } from './projection.ts';

let harness: AttendanceHarness;

beforeAll(async () => {
  // As in the embedded product: the idle loops poll only every 5 minutes, so only the wakes can be this quick.
  harness = await startAttendance({ polling: pollingInOneProcess });
  await announceSettings(harness, null, { timezone: 'Europe/Lisbon' });
});
afterAll(async () => {
  await harness?.close();
});

describe('attendance in one process (the embedded product)', () => {
  it('projects a punch and publishes its event at once, woken by the commit rather than a poll', async () => {
    const employee = await announceEmployee(harness, { email: 'wake@example.com', nationalId: 'W-1' });
    await announceSchedule(harness, employee);
    await givePin(harness, employee, '246813');
    harness.clock.set('2026-11-23T08:57:00.000Z');
    const identified = await identifyPin(harness, { identifier: 'wake@example.com', pin: '246813', kioskId: 'hall' });
    const { ticket } = identified.json<{ ticket: string }>();
    const punched = await punchWith(harness, { ticket, action: 'check-in', commandId: randomUUID() });
    expect(punched.statusCode).toBe(200);
    await waitForReadModels(harness.pool, { timeoutMs: 5_000 });
    const { rows } = await harness.pool.query<{ state: string }>('SELECT state FROM attendance_days WHERE employee_id = $1', [employee.employeeId]);
    expect(rows).toEqual([{ state: 'working' }]);
    const published = async () => harness.events.some((event) => event.type === 'attendance.WorkDayChanged' && event.key === employee.employeeId);
    for (let tries = 0; tries < 500 && !(await published()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await published()).toBe(true);
  });
});
