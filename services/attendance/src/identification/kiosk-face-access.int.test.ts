import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { announceEmployee, announceSettings, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { formatMessage, KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { testEvent } from '@ams/bus/testing';
import { anonymous } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import {
  givePin,
  identifyFace,
  identifyPin,
  KIOSK_IP,
  NOT_RECOGNIZED,
  problemOf,
  punchWith,
  registerKiosk,
  scheduledFace,
  startedForKiosk,
} from '../test-support/kiosk-test-support.ts';

const PIN = '604213';

let harness: AttendanceHarness;
/** Of Acme, which will allow faces at any browser. */
let ana: TestEmployee;
/** Of Globex, which never does. */
let gus: TestEmployee;
let anaBurst: Buffer[];
let gusBurst: Buffer[];

startedForKiosk(async (started) => {
  harness = started;
  ana = await announceEmployee(harness, { firstName: 'Ana', email: 'ana@acme.example', nationalId: 'ACME-1' });
  gus = await announceEmployee(harness, { firstName: 'Gus', email: 'gus@globex.example', nationalId: 'GLOBEX-1' });
  anaBurst = (await scheduledFace(harness, ana, 'sample1-left')).burst;
  gusBurst = (await scheduledFace(harness, gus, 'sample5-top')).burst;
  await givePin(harness, ana, PIN);
});

describe('face identification at a browser nobody registered', () => {
  it('is refused by default with a problem saying why, before the frames are looked at, while ID and PIN still work', async () => {
    for (const frames of [anaBurst, ['not', 'an', 'image', 'either'].map((text) => Buffer.from(text))]) {
      const response = await identifyFace(harness, frames);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(problemOf(response)).toMatchObject({ status: 403, detail: formatMessage('faceNeedsRegisteredKiosk') });
      expect(response.body).not.toContain('Ana');
    }
    const byPin = await identifyPin(harness, { identifier: 'ACME-1', pin: PIN });
    expect(byPin.statusCode).toBe(200);
    expect(byPin.json()).toMatchObject({ employeeId: ana.employeeId, method: 'pin' });
  });

  it('identifies the employees of a company that allows it, and only theirs', async () => {
    await announceSettings(harness, ana.companyId, { faceAtUnregisteredBrowsers: true });
    const allowed = await identifyFace(harness, anaBurst);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ employeeId: ana.employeeId, method: 'face', message: 'Face recognized!' });
    // Globex keeps the default: its employee is nobody here, and the answer does not say otherwise.
    const refused = await identifyFace(harness, gusBurst);
    expect(refused.statusCode).toBe(422);
    expect(problemOf(refused).detail).toBe(NOT_RECOGNIZED);
    await announceSettings(harness, ana.companyId, { faceAtUnregisteredBrowsers: false });
    expect(problemOf(await identifyFace(harness, anaBurst))).toMatchObject({ status: 403, detail: formatMessage('faceNeedsRegisteredKiosk') });
  });
});

describe('face identification at a registered kiosk', () => {
  it('identifies the company’s employee with the setting off, and the ticket records a punch there', async () => {
    const { token } = await registerKiosk(harness, gus.companyId, 'Globex lobby');
    const response = await identifyFace(harness, gusBurst, { kioskToken: token });
    expect(response.statusCode).toBe(200);
    const { ticket, employeeId } = response.json<{ ticket: string; employeeId: string }>();
    expect(employeeId).toBe(gus.employeeId);
    const punched = await punchWith(harness, { ticket, action: 'check-in', commandId: randomUUID() }, { kioskToken: token });
    expect(punched.statusCode).toBe(200);
    expect(punched.json()).toMatchObject({ message: 'Recorded successfully!', action: 'check-in' });
  });

  it('still answers a revoked or unknown token with 401 before looking at the frames', async () => {
    const response = await identifyFace(harness, gusBurst, { kioskToken: 'kd_unknown' });
    expect(response.statusCode).toBe(401);
  });
});

describe('face clocking turned off by the company (safeguarding)', () => {
  const faceClocking = (companyId: string, enabled: boolean) =>
    harness.bus.publish([testEvent('settings.FaceClockingChanged', companyId, { companyId, enabled })]);

  it('refuses face identification at its kiosk before the frames are looked at, says so to the kiosk, and leaves the PIN working', async () => {
    const { token } = await registerKiosk(harness, ana.companyId, 'Acme door');
    await faceClocking(ana.companyId, false);
    const refused = await identifyFace(harness, anaBurst, { kioskToken: token });
    expect(problemOf(refused)).toMatchObject({ status: 403, detail: formatMessage('faceClockingOff') });
    const self = await harness.app.inject({
      method: 'GET',
      url: '/api/clock/device',
      headers: { ...asCaller(anonymous, KIOSK_IP), [KIOSK_TOKEN_HEADER]: token },
    });
    expect(self.json()).toMatchObject({ faceClocking: false });
    const byPin = await harness.app.inject({
      method: 'POST',
      url: '/api/clock/identify/pin',
      headers: { ...asCaller(anonymous, KIOSK_IP), [KIOSK_TOKEN_HEADER]: token },
      payload: { identifier: 'ACME-1', pin: PIN },
    });
    expect(byPin.statusCode).toBe(200);
    // Delivered twice, the same: on again, the face works (templates would come from new photos).
    await faceClocking(ana.companyId, true);
    await faceClocking(ana.companyId, true);
    expect((await identifyFace(harness, anaBurst, { kioskToken: token })).statusCode).toBe(200);
  });
});
