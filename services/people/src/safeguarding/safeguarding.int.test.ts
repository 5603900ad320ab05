import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxRelay } from '@ams/bus';
import { defaultKioskNotice, type Employee, type Principal } from '@ams/contracts';
import { adminOf, anonymous, superAdmin } from '@ams/contracts/testing';
import { portraitOf } from '@ams/face/testing';
import { asCaller } from '@ams/service-kit/testing';
import type { PeopleContext } from '../context.ts';
import { employeeFields, type CompanyFixture, startPeopleWithTwoCompanies } from '../test-support/organisation-fixture.ts';
import { PIN_PEPPER, type PeopleHarness } from '../test-support/people-harness.ts';
import { purgeExpiredBiometrics } from './safeguarding-service.ts';

const DAY_MS = 86_400_000;

let people: PeopleHarness;
let acme: CompanyFixture;
let globex: CompanyFixture;
let portrait: Buffer;

function request(principal: Principal, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return people.app.inject({ method, url, headers: asCaller(principal), ...(payload ? { payload } : {}) });
}

async function employeeWithPhoto(company: CompanyFixture): Promise<Employee> {
  const admin = adminOf(company.companyId);
  const created = (await request(admin, 'POST', '/api/employees', employeeFields(company))).json<Employee>();
  const uploaded = await people.app.inject({
    method: 'PUT',
    url: `/api/employees/${created.id}/image`,
    headers: { ...asCaller(admin), 'content-type': 'image/jpeg' },
    payload: portrait,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return uploaded.json<Employee>();
}

async function biometricsOf(employeeId: string): Promise<{ templates: number; photos: number }> {
  const { rows } = await people.pool.query<{ templates: number; photos: number }>(
    `SELECT (SELECT count(*)::int FROM face_templates WHERE employee_id = $1) AS templates, (SELECT count(*)::int FROM employee_photos WHERE employee_id = $1) AS photos`,
    [employeeId],
  );
  return rows[0] ?? { templates: -1, photos: -1 };
}

const eventsOf = (type: string, employeeId: string) =>
  people.events.filter((event) => event.type === type && (event.payload as { employeeId?: string }).employeeId === employeeId);

beforeAll(async () => {
  ({ people, acme, globex } = await startPeopleWithTwoCompanies());
  portrait = await portraitOf('sample1-left');
}, 60_000);
afterAll(async () => {
  await people?.close();
});

describe('the kiosk notice and the retention setting', () => {
  it('shows the default notice in English and Spanish on the public clock route until a SuperAdmin changes it', async () => {
    const before = await request(anonymous, 'GET', '/api/clock/notice');
    expect(before.json()).toEqual({ kioskNotice: defaultKioskNotice });
    const saved = await request(superAdmin, 'PUT', '/api/settings/safeguarding', {
      kioskNotice: { en: 'Cameras record your face to clock you in.', es: 'Las cámaras registran tu cara para fichar.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await request(anonymous, 'GET', '/api/clock/notice')).json()).toEqual({
      kioskNotice: { en: 'Cameras record your face to clock you in.', es: 'Las cámaras registran tu cara para fichar.' },
    });
    expect((await request(adminOf(acme.companyId), 'GET', '/api/settings/safeguarding')).json()).toMatchObject({ retentionDays: 30 });
  });

  it('refuses an empty or too long notice, a retention outside 1 to 3650 days, and an Admin changing them', async () => {
    const tooLong = await request(superAdmin, 'PUT', '/api/settings/safeguarding', { kioskNotice: { en: 'x'.repeat(601), es: 'y' } });
    expect({ status: tooLong.statusCode, key: tooLong.json<{ messageKey?: string }>().messageKey }).toEqual({ status: 400, key: 'kioskNoticeTooLong' });
    expect((await request(superAdmin, 'PUT', '/api/settings/safeguarding', { kioskNotice: { en: '   ', es: 'y' } })).statusCode).toBe(400);
    for (const retentionDays of [0, 3651, 2.5]) {
      const answer = await request(superAdmin, 'PUT', '/api/settings/safeguarding', { retentionDays });
      expect({ status: answer.statusCode, key: answer.json<{ messageKey?: string }>().messageKey }).toEqual({ status: 400, key: 'retentionDaysRange' });
    }
    expect((await request(adminOf(acme.companyId), 'PUT', '/api/settings/safeguarding', { retentionDays: 10 })).statusCode).toBe(403);
    expect((await request(superAdmin, 'GET', '/api/settings/safeguarding')).json()).toMatchObject({ retentionDays: 30 });
  });
});

describe('face clocking per company', () => {
  it('deletes every face template of the company when turned off, keeping photos by choice and other companies untouched', async () => {
    const ana = await employeeWithPhoto(acme);
    const other = await employeeWithPhoto(globex);
    const admin = adminOf(acme.companyId);
    expect((await request(admin, 'GET', `/api/settings/face-clocking?companyId=${acme.companyId}`)).json()).toMatchObject({ enabled: true });

    const off = await request(admin, 'PUT', '/api/settings/face-clocking', { companyId: acme.companyId, enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, templatesDeleted: 1, photosDeleted: 0 });
    expect(await biometricsOf(ana.id)).toEqual({ templates: 0, photos: 1 });
    expect(await biometricsOf(other.id)).toEqual({ templates: 1, photos: 1 });
    expect(eventsOf('employee.FaceRemoved', ana.id)).toHaveLength(1);
    expect(people.events.at(-1)).toMatchObject({ type: 'settings.FaceClockingChanged', payload: { companyId: acme.companyId, enabled: false } });

    // While off, a new photo is kept but enrols no face.
    const again = await people.app.inject({
      method: 'PUT',
      url: `/api/employees/${ana.id}/image`,
      headers: { ...asCaller(admin), 'content-type': 'image/jpeg' },
      payload: portrait,
    });
    expect(again.json<Employee>()).toMatchObject({ faceEnrolled: false });
    expect(eventsOf('employee.FaceEnrolled', ana.id)).toHaveLength(1);

    const photosToo = await request(admin, 'PUT', '/api/settings/face-clocking', { companyId: acme.companyId, enabled: false, deletePhotos: true });
    expect(photosToo.json()).toMatchObject({ templatesDeleted: 0, photosDeleted: 1 });
    expect(await biometricsOf(ana.id)).toEqual({ templates: 0, photos: 0 });
    expect((await request(admin, 'GET', `/api/employees/${ana.id}`)).json<Employee>()).toMatchObject({ image: null, faceEnrolled: false });
  }, 60_000);

  it("keeps an Admin to their own company's switch", async () => {
    const answer = await request(adminOf(acme.companyId), 'PUT', '/api/settings/face-clocking', { companyId: globex.companyId, enabled: false });
    expect(answer.json()).toMatchObject({ status: 400, messageKey: 'companyNotFound' });
    expect((await request(superAdmin, 'GET', `/api/settings/face-clocking?companyId=${globex.companyId}`)).json()).toMatchObject({ enabled: true });
  });
});

describe('retention of archived employees’ photos and face templates', () => {
  it('deletes them once the set number of days after archiving has passed, and never those of active employees', async () => {
    const leaver = await employeeWithPhoto(globex);
    const stayer = await employeeWithPhoto(globex);
    const admin = adminOf(globex.companyId);
    expect((await request(admin, 'POST', `/api/employees/${leaver.id}/archive`)).statusCode).toBe(200);
    const relay = startOutboxRelay({ pool: people.pool, bus: people.bus });
    const ctx: PeopleContext = { pool: people.pool, relay, faces: people.faces, pinPepper: PIN_PEPPER, now: people.clock.now };
    try {
      people.clock.advance(30 * DAY_MS - 60_000);
      expect(await purgeExpiredBiometrics(ctx)).toBe(0);
      expect(await biometricsOf(leaver.id)).toEqual({ templates: 1, photos: 1 });
      people.clock.advance(2 * 60_000);
      expect(await purgeExpiredBiometrics(ctx)).toBe(1);
      expect(await biometricsOf(leaver.id)).toEqual({ templates: 0, photos: 0 });
      expect(await biometricsOf(stayer.id)).toEqual({ templates: 1, photos: 1 });
      // Published by the service's own relay, which holds the outbox lease (this test's relay only enqueues).
      await expect.poll(() => eventsOf('employee.FaceRemoved', leaver.id).length, { timeout: 10_000 }).toBe(1);
      expect((await request(admin, 'GET', `/api/employees/${leaver.id}`)).json<Employee>()).toMatchObject({
        employmentStatus: 'archived',
        image: null,
        faceEnrolled: false,
      });
      expect(await purgeExpiredBiometrics(ctx)).toBe(0);
    } finally {
      await relay.stop();
    }
  }, 60_000);
});
