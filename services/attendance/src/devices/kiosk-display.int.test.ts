import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { announceEmployee, announceSettings, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { registerKiosk } from '../test-support/kiosk-test-support.ts';

let harness: AttendanceHarness;

beforeAll(async () => {
  harness = await startAttendance();
});
afterAll(async () => {
  await harness?.close();
});

const display = async (kioskToken?: string) =>
  (
    await harness.app.inject({
      method: 'GET',
      url: '/api/clock/display',
      headers: { ...asCaller(anonymous), ...(kioskToken ? { 'x-kiosk-token': kioskToken } : {}) },
    })
  ).json<unknown>();

describe('how the kiosk shows the time', () => {
  it("is its company's time zone and time format at a registered kiosk, the organisation's elsewhere", async () => {
    await announceSettings(harness, null, { timezone: 'Europe/Lisbon', timeFormat: 1 });
    const companyId = randomUUID();
    await announceSettings(harness, companyId, { timezone: 'America/New_York', timeFormat: 2 });
    await announceEmployee(harness, { companyId, firstName: 'Tina', lastName: 'Time', email: 'tina.time@example.com', nationalId: 'T-1' });
    const { token } = await registerKiosk(harness, companyId);

    expect(await display(token)).toEqual({ timezone: 'America/New_York', timeFormat: 2 });
    expect(await display()).toEqual({ timezone: 'Europe/Lisbon', timeFormat: 1 });
  });
});
