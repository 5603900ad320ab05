import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod, Principal } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { call as callService } from '@ams/service-kit/testing';
import { createCompanyFixture, type CompanyFixture, startPeopleWithTwoCompanies } from '../test-support/organisation-fixture.ts';
import { type PeopleHarness } from '../test-support/people-harness.ts';

let people: PeopleHarness;
let acme: CompanyFixture;
let globex: CompanyFixture;

const call = (principal: Principal, method: HttpMethod, url: string, payload?: object) =>
  callService<Record<string, unknown>>(people, principal, method, url, payload);

beforeAll(async () => {
  ({ people, acme, globex } = await startPeopleWithTwoCompanies());
});
afterAll(async () => {
  await people?.close();
});

describe('settings', () => {
  it('start with the spec defaults for the organisation and every company', async () => {
    const defaults = { country: 'UK', timezone: 'Europe/Lisbon', timeFormat: 1, rfidClock: false, ipRestriction: '', faceAtUnregisteredBrowsers: false };
    expect((await call(superAdmin, 'GET', '/api/settings')).body).toMatchObject({ ...defaults, companyId: null });
    expect((await call(adminOf(acme.companyId), 'GET', '/api/settings')).body).toMatchObject({ ...defaults, companyId: acme.companyId, customised: false });
    expect((await call(employeePrincipal(acme.companyId), 'GET', '/api/settings')).body).toMatchObject({ companyId: acme.companyId });
  });

  it('are saved per company with the spec message, validated addresses and a normalised list', async () => {
    const admin = adminOf(acme.companyId);
    const saved = await call(admin, 'PUT', '/api/settings', {
      timezone: 'America/New_York',
      timeFormat: 2,
      rfidClock: true,
      ipRestriction: ' 10.0.0.0/8,192.168.1.20 , 2001:db8::/32,,',
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        message: 'Settings saved successfully!',
        settings: {
          companyId: acme.companyId,
          customised: true,
          country: 'UK',
          timezone: 'America/New_York',
          timeFormat: 2,
          rfidClock: true,
          ipRestriction: '10.0.0.0/8, 192.168.1.20, 2001:db8::/32',
        },
      },
    });
    expect((await call(adminOf(globex.companyId), 'GET', '/api/settings')).body).toMatchObject({ timezone: 'Europe/Lisbon', customised: false });
    const event = people.events.filter((candidate) => candidate.type === 'settings.SettingsChanged').at(-1);
    expect(event).toMatchObject({
      key: acme.companyId,
      payload: { companyId: acme.companyId, timezone: 'America/New_York', ipRestriction: ['10.0.0.0/8', '192.168.1.20', '2001:db8::/32'] },
    });
  });

  it('keep face recognition at unregistered browsers off unless a company turns it on, and announce it to the kiosks', async () => {
    const initech = await createCompanyFixture(people, 'Initech');
    const saved = await call(adminOf(initech.companyId), 'PUT', '/api/settings', { faceAtUnregisteredBrowsers: true });
    expect(saved).toMatchObject({
      status: 200,
      body: { settings: { companyId: initech.companyId, faceAtUnregisteredBrowsers: true, timezone: 'Europe/Lisbon' } },
    });
    const event = people.events.filter((candidate) => candidate.type === 'settings.SettingsChanged').at(-1);
    expect(event).toMatchObject({ key: initech.companyId, payload: { companyId: initech.companyId, faceAtUnregisteredBrowsers: true } });
    expect((await call(adminOf(acme.companyId), 'GET', '/api/settings')).body).toMatchObject({ faceAtUnregisteredBrowsers: false });
    expect((await call(superAdmin, 'GET', '/api/settings')).body).toMatchObject({ faceAtUnregisteredBrowsers: false });
    expect(await call(adminOf(initech.companyId), 'PUT', '/api/settings', { faceAtUnregisteredBrowsers: 'yes' })).toMatchObject({
      status: 400,
      body: { detail: 'Face recognition at unregistered browsers must be on or off' },
    });
  });

  it('keep each company’s lateness and overtime rules (no grace, no overtime before the shift, no minimum by default) and announce them to reporting', async () => {
    const initrode = await createCompanyFixture(people, 'Initrode');
    const admin = adminOf(initrode.companyId);
    expect((await call(admin, 'GET', '/api/settings')).body).toMatchObject({ lateGraceMinutes: 0, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 });
    const saved = await call(admin, 'PUT', '/api/settings', { lateGraceMinutes: 5, overtimeBeforeShift: true, overtimeMinimumMinutes: 30 });
    expect(saved).toMatchObject({
      status: 200,
      body: { settings: { companyId: initrode.companyId, lateGraceMinutes: 5, overtimeBeforeShift: true, overtimeMinimumMinutes: 30 } },
    });
    const event = people.events.filter((candidate) => candidate.type === 'settings.SettingsChanged').at(-1);
    expect(event).toMatchObject({ key: initrode.companyId, payload: { lateGraceMinutes: 5, overtimeBeforeShift: true, overtimeMinimumMinutes: 30 } });
    const cases: Array<[object, string]> = [
      [{ lateGraceMinutes: -1 }, 'Late arrival grace must be a whole number of minutes from 0 to 240'],
      [{ lateGraceMinutes: 2.5 }, 'Late arrival grace must be a whole number of minutes from 0 to 240'],
      [{ lateGraceMinutes: 241 }, 'Late arrival grace must be a whole number of minutes from 0 to 240'],
      [{ overtimeBeforeShift: 'yes' }, 'Overtime before the shift must be on or off'],
      [{ overtimeMinimumMinutes: 481 }, 'Minimum overtime block must be a whole number of minutes from 0 to 480'],
    ];
    for (const [payload, message] of cases) {
      expect(await call(admin, 'PUT', '/api/settings', payload), JSON.stringify(payload)).toMatchObject({
        status: 400,
        body: { detail: message, messageKey: expect.any(String) },
      });
    }
    expect((await call(adminOf(acme.companyId), 'GET', '/api/settings')).body).toMatchObject({ lateGraceMinutes: 0, overtimeMinimumMinutes: 0 });
  });

  it('let people choose their time format unless a company turns it off', async () => {
    const umbrella = await createCompanyFixture(people, 'Umbrella');
    const admin = adminOf(umbrella.companyId);
    expect((await call(admin, 'GET', '/api/settings')).body).toMatchObject({ peopleChooseTimeFormat: true });
    expect(await call(admin, 'PUT', '/api/settings', { peopleChooseTimeFormat: false })).toMatchObject({
      status: 200,
      body: { settings: { peopleChooseTimeFormat: false, customised: true } },
    });
    expect((await call(employeePrincipal(umbrella.companyId), 'GET', '/api/settings')).body).toMatchObject({ peopleChooseTimeFormat: false });
    expect((await call(adminOf(globex.companyId), 'GET', '/api/settings')).body).toMatchObject({ peopleChooseTimeFormat: true });
    expect(await call(admin, 'PUT', '/api/settings', { peopleChooseTimeFormat: 'no' })).toMatchObject({
      status: 400,
      body: { detail: 'Choosing the time format must be on or off' },
    });
  });

  it('refuse unknown time zones, bad addresses and bad time formats with clear messages', async () => {
    const admin = adminOf(acme.companyId);
    const cases: Array<[object, string]> = [
      [{ timezone: 'Mars/Olympus' }, 'Timezone must be a valid IANA time zone, e.g. Europe/Lisbon'],
      [{ timezone: '+01:00' }, 'Timezone must be a valid IANA time zone, e.g. Europe/Lisbon'],
      [{ ipRestriction: '10.0.0.1, 300.1.1.1' }, 'Not an IP address or CIDR range: 300.1.1.1'],
      [{ ipRestriction: '10.0.0.0/33' }, 'Not an IP address or CIDR range: 10.0.0.0/33'],
      [{ ipRestriction: '10.1' }, 'Not an IP address or CIDR range: 10.1'],
      [{ timeFormat: 3 }, 'Time format must be 1 (24-hour) or 2 (12-hour)'],
      [{ country: '' }, 'Country is required'],
    ];
    for (const [payload, message] of cases) {
      expect(await call(admin, 'PUT', '/api/settings', payload), JSON.stringify(payload)).toMatchObject({ status: 400, body: { detail: message } });
    }
    // The address travels as a parameter of its key, so the SPA says it in either language.
    expect((await call(admin, 'PUT', '/api/settings', { ipRestriction: '10.1' })).body).toMatchObject({
      messageKey: 'notAnIpAddress',
      params: { addresses: '10.1' },
      errors: [{ path: 'ipRestriction', message: 'Not an IP address or CIDR range: 10.1', messageKey: 'notAnIpAddress', params: { addresses: '10.1' } }],
    });
    expect((await call(admin, 'GET', '/api/settings')).body).toMatchObject({ timezone: 'America/New_York' });
  });

  it('let companies without their own settings follow the organisation’s', async () => {
    const saved = await call(superAdmin, 'PUT', '/api/settings', { country: 'PT' });
    expect(saved).toMatchObject({ status: 200, body: { settings: { companyId: null, country: 'PT' } } });
    expect((await call(adminOf(globex.companyId), 'GET', '/api/settings')).body).toMatchObject({ country: 'PT', customised: false });
    expect((await call(adminOf(acme.companyId), 'GET', '/api/settings')).body).toMatchObject({ country: 'UK', customised: true });
  });

  it('are out of reach of another company’s Admin', async () => {
    const intruder = adminOf(globex.companyId);
    expect(await call(intruder, 'GET', `/api/settings?companyId=${acme.companyId}`)).toMatchObject({ status: 404 });
    expect(await call(intruder, 'PUT', '/api/settings', { companyId: acme.companyId, timezone: 'UTC' })).toMatchObject({ status: 404 });
    expect((await call(superAdmin, 'GET', `/api/settings?companyId=${acme.companyId}`)).body).toMatchObject({ timezone: 'America/New_York' });
  });
});
