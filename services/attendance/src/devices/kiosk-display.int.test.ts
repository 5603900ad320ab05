import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { announceEmployee, announceSettings, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { clientHeaders, registerKiosk, startedForKiosk } from '../test-support/kiosk-test-support.ts';

let harness: AttendanceHarness;

startedForKiosk((started) => {
  harness = started;
}, null);

const display = async (kioskToken?: string) =>
  (
    await harness.app.inject({
      method: 'GET',
      url: '/api/clock/display',
      headers: clientHeaders({ kioskToken }),
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
