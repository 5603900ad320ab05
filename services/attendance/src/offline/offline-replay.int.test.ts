import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealPunch, WORK_DAY_CHANGED, type OfflinePunchIssue, type SealingKey, type WorkDayChanged } from '@ams/contracts';
import { adminOf } from '@ams/contracts/testing';
import { readStream } from '@ams/event-store';
import { asCaller } from '@ams/service-kit/testing';
import { announceEmployee, announceSchedule, announceSettings, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { clientHeaders, givePin, identifyCard, punchWith, registerKiosk, startedForKiosk } from '../test-support/kiosk-test-support.ts';
import { workDayStreamId } from '../work-day/work-day.ts';

const PIN = '735102';
let harness: AttendanceHarness;
let counter = 0;
startedForKiosk((started) => {
  harness = started;
});

interface Site {
  employee: TestEmployee & { email: string; card: string };
  token: string;
  deviceId: string;
  sealingKey: SealingKey;
}

/**
 * A company of its own with a registered kiosk, one scheduled employee with a PIN and a card, and the kiosk's
 * first contact (empty queue) 80 hours before the test's time: it has been offline since, for all the test knows.
 */
async function site(): Promise<Site> {
  const now = harness.clock.now();
  harness.clock.set(new Date(now.getTime() - 80 * 3_600_000).toISOString());
  counter += 1;
  const companyId = randomUUID();
  await announceSettings(harness, companyId, { rfidClock: true });
  const email = `offline.user${counter}@example.com`;
  const card = `OFF${counter}CARD`;
  const employee = await announceEmployee(harness, {
    companyId,
    firstName: 'Olga',
    lastName: `Offline${counter}`,
    email,
    nationalId: `O-${counter}`,
    rfidCard: card,
  });
  await announceSchedule(harness, employee);
  await givePin(harness, employee, PIN);
  const { device, token } = await registerKiosk(harness, companyId);
  const contact = await harness.app.inject({
    method: 'POST',
    url: '/api/clock/contact',
    headers: kioskHeaders(token),
    payload: { queueLength: 0, clockOffsetMs: null },
  });
  expect(contact.statusCode).toBe(200);
  harness.clock.set(now.toISOString());
  return { employee: { ...employee, email, card }, token, deviceId: device.id, sealingKey: contact.json<{ sealingKey: SealingKey }>().sealingKey };
}

const kioskHeaders = (token: string | null) => clientHeaders({ kioskToken: token });

type Identification = { method: 'pin'; identifier: string; pin: string } | { method: 'card'; card: string; pin: string | null };

/** What the kiosk queued offline: the sealed identification and action, its command id, device time and last offset. */
async function queued(
  s: Site,
  identification: Identification,
  action: 'check-in' | 'break-in' | 'break-out' | 'check-out',
  deviceTime: string,
  clockOffsetMs = 0,
) {
  const binding = { commandId: randomUUID(), deviceTime, clockOffsetMs };
  return { ...binding, sealed: await sealPunch(s.sealingKey, binding, { identification, action }) };
}

async function replay(token: string | null, item: object) {
  return harness.app.inject({ method: 'POST', url: '/api/clock/offline-punches', headers: kioskHeaders(token), payload: item });
}

async function attentionList(companyId: string): Promise<OfflinePunchIssue[]> {
  const response = await harness.app.inject({ method: 'GET', url: '/api/attendance/offline-punches', headers: asCaller(adminOf(companyId)) });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: OfflinePunchIssue[] }>().items;
}

const at = (instant: string) => harness.clock.set(instant);

describe('a registered kiosk’s contact', () => {
  it('gives the server time (also in a header) and the sealing key, and keeps the queue length and offset the kiosk reports for the admins', async () => {
    at('2026-11-23T10:00:00.000Z');
    const s = await site();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/clock/contact',
      headers: kioskHeaders(s.token),
      payload: { queueLength: 3, clockOffsetMs: -4_200 },
    });
    expect(response.json()).toEqual({ serverTime: '2026-11-23T10:00:00.000Z', sealingKey: s.sealingKey });
    expect(response.headers['x-server-time']).toBe('2026-11-23T10:00:00.000Z');
    const devices = await harness.app.inject({ method: 'GET', url: '/api/kiosk-devices', headers: asCaller(adminOf(s.employee.companyId)) });
    expect(devices.json<{ items: object[] }>().items).toEqual([
      expect.objectContaining({ id: s.deviceId, lastContactAt: '2026-11-23T10:00:00.000Z', clockOffsetMs: -4_200, queueLength: 3 }),
    ]);
  });

  it('is refused to a browser that is not a registered kiosk, which then cannot seal anything', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/clock/contact',
      headers: kioskHeaders(null),
      payload: { queueLength: 0, clockOffsetMs: null },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ messageKey: 'kioskNotRegistered' });
  });
});

describe('replaying offline punches', () => {
  it('records a PIN punch at the device time corrected by the offset; the event says offline and keeps both times', async () => {
    at('2026-11-23T11:00:00.000Z');
    const s = await site();
    const item = await queued(s, { method: 'pin', identifier: s.employee.email, pin: PIN }, 'check-in', '2026-11-23T08:56:30.000Z', 90_000);
    const response = await replay(s.token, item);
    expect(response.json()).toEqual({ outcome: 'recorded' });
    const stream = await readStream(harness.pool, workDayStreamId(s.employee.employeeId, '2026-11-23'));
    expect(stream.events).toHaveLength(1);
    expect(stream.events[0]?.data).toMatchObject({
      at: '2026-11-23T08:58:00.000Z',
      source: {
        method: 'pin',
        kioskId: s.deviceId,
        deviceTime: '2026-11-23T08:56:30.000Z',
        offline: { receivedAt: '2026-11-23T11:00:00.000Z', clockOffsetMs: 90_000 },
      },
    });
  });

  it('records nothing more when an item is replayed again (the kiosk lost the answer), even after a later punch', async () => {
    at('2026-11-24T12:00:00.000Z');
    const s = await site();
    const checkIn = await queued(s, { method: 'card', card: s.employee.card, pin: null }, 'check-in', '2026-11-24T09:01:00.000Z');
    const breakIn = await queued(s, { method: 'pin', identifier: s.employee.email, pin: PIN }, 'break-in', '2026-11-24T11:30:00.000Z');
    for (const item of [checkIn, breakIn, checkIn, breakIn]) expect((await replay(s.token, item)).json()).toEqual({ outcome: 'recorded' });
    const stream = await readStream(harness.pool, workDayStreamId(s.employee.employeeId, '2026-11-24'));
    expect(stream.events.map((event) => [event.type, (event.data as { at: string }).at])).toEqual([
      ['ClockedIn', '2026-11-24T09:01:00.000Z'],
      ['BreakStarted', '2026-11-24T11:30:00.000Z'],
    ]);
  });

  it('puts a wrong PIN on the attention list once, naming nobody, however often it is replayed', async () => {
    at('2026-11-25T10:00:00.000Z');
    const s = await site();
    const item = await queued(s, { method: 'pin', identifier: s.employee.email, pin: '000000' }, 'check-in', '2026-11-25T08:59:00.000Z');
    expect((await replay(s.token, item)).json()).toEqual({ outcome: 'needsAttention' });
    expect((await replay(s.token, item)).json()).toEqual({ outcome: 'needsAttention' });
    expect(await attentionList(s.employee.companyId)).toEqual([
      expect.objectContaining({
        id: item.commandId,
        deviceId: s.deviceId,
        employeeId: null,
        method: 'pin',
        action: 'check-in',
        punchedAt: '2026-11-25T08:59:00.000Z',
        reason: { messageKey: 'wrongIdOrPin' },
        resolvedAt: null,
      }),
    ]);
    expect(await readStream(harness.pool, workDayStreamId(s.employee.employeeId, '2026-11-25'))).toMatchObject({ events: [] });
  });

  it('refuses punches older than 72 hours or in the future, naming the person, and a clock-flow refusal with its message', async () => {
    at('2026-11-26T10:00:00.000Z');
    const s = await site();
    const pin = { method: 'pin', identifier: s.employee.email, pin: PIN } as const;
    const old = await queued(s, pin, 'check-in', '2026-11-23T09:59:00.000Z');
    const future = await queued(s, pin, 'check-in', '2026-11-26T10:05:00.000Z');
    const noBreak = await queued(s, pin, 'break-out', '2026-11-26T09:30:00.000Z');
    for (const item of [old, future, noBreak]) expect((await replay(s.token, item)).json()).toEqual({ outcome: 'needsAttention' });
    const reasons = Object.fromEntries(
      (await attentionList(s.employee.companyId)).map((issue) => [issue.id, { employeeName: issue.employeeName, reason: issue.reason }]),
    );
    expect(reasons).toEqual({
      [old.commandId]: { employeeName: `Olga Offline${counter}`, reason: { messageKey: 'offlinePunchTooOld', params: { count: 72 } } },
      [future.commandId]: { employeeName: `Olga Offline${counter}`, reason: { messageKey: 'offlinePunchInFuture' } },
      [noBreak.commandId]: { employeeName: `Olga Offline${counter}`, reason: { messageKey: 'noAttendanceData' } },
    });
  });

  it('refuses a punch dated before the kiosk last reported online with nothing waiting, naming the person, and records one after it', async () => {
    at('2026-12-03T09:00:00.000Z');
    const s = await site();
    const contact = await harness.app.inject({
      method: 'POST',
      url: '/api/clock/contact',
      headers: kioskHeaders(s.token),
      payload: { queueLength: 0, clockOffsetMs: 0 },
    });
    expect(contact.statusCode).toBe(200);
    at('2026-12-03T10:00:00.000Z');
    // A report of a waiting queue moves nothing: the kiosk was online with nothing waiting at 09:00.
    await harness.app.inject({ method: 'POST', url: '/api/clock/contact', headers: kioskHeaders(s.token), payload: { queueLength: 2, clockOffsetMs: 0 } });
    const pin = { method: 'pin', identifier: s.employee.email, pin: PIN } as const;
    const backdated = await queued(s, pin, 'check-in', '2026-12-03T08:30:00.000Z');
    expect((await replay(s.token, backdated)).json()).toEqual({ outcome: 'needsAttention' });
    expect((await attentionList(s.employee.companyId)).map((issue) => [issue.id, issue.employeeName, issue.reason.messageKey])).toEqual([
      [backdated.commandId, `Olga Offline${counter}`, 'offlinePunchWhileOnline'],
    ]);
    const afterContact = await queued(s, pin, 'check-in', '2026-12-03T09:20:00.000Z');
    expect((await replay(s.token, afterContact)).json()).toEqual({ outcome: 'recorded' });
  });

  it('lists an item that does not open (changed on the way, or moved to another command id) as unreadable', async () => {
    at('2026-11-27T10:00:00.000Z');
    const s = await site();
    const item = await queued(s, { method: 'pin', identifier: s.employee.email, pin: PIN }, 'check-in', '2026-11-27T09:00:00.000Z');
    const moved = { ...item, commandId: randomUUID() };
    expect((await replay(s.token, moved)).json()).toEqual({ outcome: 'needsAttention' });
    expect((await attentionList(s.employee.companyId)).map((issue) => [issue.id, issue.reason.messageKey])).toEqual([
      [moved.commandId, 'offlinePunchUnreadable'],
    ]);
  });

  it('refuses a revoked kiosk’s items and unknown tokens with 401, putting nothing on the attention list', async () => {
    at('2026-11-30T10:00:00.000Z');
    const s = await site();
    const item = await queued(s, { method: 'pin', identifier: s.employee.email, pin: PIN }, 'check-in', '2026-11-30T09:00:00.000Z');
    await harness.app.inject({ method: 'DELETE', url: `/api/kiosk-devices/${s.deviceId}`, headers: asCaller(adminOf(s.employee.companyId)) });
    const revoked = await replay(s.token, item);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ messageKey: 'kioskNotRegistered' });
    expect((await replay('kd_unknown-token', item)).statusCode).toBe(401);
    expect((await replay(null, item)).statusCode).toBe(401);
    expect(await attentionList(s.employee.companyId)).toEqual([]);
    expect(await readStream(harness.pool, workDayStreamId(s.employee.employeeId, '2026-11-30'))).toMatchObject({ events: [] });
  });
});

describe('a day with a punch replayed from offline', () => {
  /** A punch at the kiosk while it is online: its card, then the action. */
  async function punchOnline(s: Site, action: 'check-in' | 'break-in') {
    const identified = await identifyCard(harness, { card: s.employee.card }, { kioskToken: s.token });
    expect(identified.statusCode, identified.body).toBe(200);
    const punched = await punchWith(
      harness,
      { ticket: identified.json<{ ticket: string }>().ticket, action, commandId: randomUUID() },
      { kioskToken: s.token },
    );
    expect(punched.statusCode, punched.body).toBe(200);
  }

  /** What attendance told reporting (which lists the day) after the day's event `change` (the relay publishes with a short lag). */
  async function announced(s: Site, change: string): Promise<WorkDayChanged> {
    for (let tries = 0; tries < 500; tries += 1) {
      const event = harness.events.find(
        (published) =>
          published.type === WORK_DAY_CHANGED && published.key === s.employee.employeeId && (published.payload as WorkDayChanged).change === change,
      );
      if (event) return event.payload as WorkDayChanged;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`attendance.WorkDayChanged after ${change} was not published`);
  }

  it('is marked recorded offline to reporting, also after an online punch, until an admin corrects that time', async () => {
    at('2026-12-07T10:00:00.000Z');
    const s = await site();
    expect(
      (await replay(s.token, await queued(s, { method: 'pin', identifier: s.employee.email, pin: PIN }, 'check-in', '2026-12-07T08:58:00.000Z'))).json(),
    ).toEqual({ outcome: 'recorded' });
    await punchOnline(s, 'break-in');
    const onBreak = await announced(s, 'BreakStarted');
    expect(onBreak).toMatchObject({ recordedOffline: true, state: 'on-break' });

    const corrected = await harness.app.inject({
      method: 'PATCH',
      url: `/api/attendance/${onBreak.workDayId}`,
      headers: asCaller(adminOf(s.employee.companyId)),
      payload: { timeIn: '2026-12-07T09:00:00.000Z', breakIn: '2026-12-07T10:00:00.000Z', reason: 'Badge log shows 09:00' },
    });
    expect(corrected.json()).toMatchObject({ recordedOffline: false });
    expect(await announced(s, 'AttendanceAmended')).toMatchObject({ recordedOffline: false });
  });

  it('is not marked when every punch was made online', async () => {
    at('2026-12-08T08:58:00.000Z');
    const s = await site();
    await punchOnline(s, 'check-in');
    expect(await announced(s, 'ClockedIn')).toMatchObject({ recordedOffline: false, state: 'working' });
  });
});

describe('offline punches needing attention', () => {
  it('pages the list with its total, so a flood of refused items cannot push an older open item out of reach', async () => {
    at('2026-12-02T10:00:00.000Z');
    const s = await site();
    const real = await queued(s, { method: 'pin', identifier: s.employee.email, pin: '111111' }, 'check-in', '2026-12-02T08:00:00.000Z');
    await replay(s.token, real);
    for (let minute = 1; minute <= 5; minute += 1) {
      at(`2026-12-02T10:0${minute}:00.000Z`);
      await replay(s.token, {
        ...(await queued(s, { method: 'pin', identifier: s.employee.email, pin: PIN }, 'check-in', '2026-12-02T09:00:00.000Z')),
        commandId: randomUUID(),
      });
    }
    const page = async (n: number) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/attendance/offline-punches?resolved=false&page=${n}&pageSize=2`,
        headers: asCaller(adminOf(s.employee.companyId)),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ items: OfflinePunchIssue[]; total: number }>();
    };
    const first = await page(1);
    expect(first.total).toBe(6);
    expect(first.items).toHaveLength(2);
    const last = await page(3);
    expect(last.items.map((issue) => issue.id)).toContain(real.commandId);
    const tooLarge = await harness.app.inject({
      method: 'GET',
      url: '/api/attendance/offline-punches?pageSize=100000',
      headers: asCaller(adminOf(s.employee.companyId)),
    });
    expect(tooLarge.statusCode).toBe(400);
  });

  it('lets an admin record the day by hand with a reason, which settles the item once; other companies’ admins do not see it', async () => {
    at('2026-12-01T10:00:00.000Z');
    const s = await site();
    const item = await queued(s, { method: 'pin', identifier: s.employee.email, pin: '999999' }, 'check-in', '2026-12-01T09:00:00.000Z');
    await replay(s.token, item);
    expect(await attentionList(randomUUID())).toEqual([]);
    const day = {
      employeeId: s.employee.employeeId,
      workDate: '2026-12-01',
      timeIn: '2026-12-01T09:00:00.000Z',
      breakIn: null,
      breakOut: null,
      timeOut: null,
      reason: 'Mistyped PIN at the door while offline',
    };
    const record = () =>
      harness.app.inject({
        method: 'POST',
        url: `/api/attendance/offline-punches/${item.commandId}/record`,
        headers: asCaller(adminOf(s.employee.companyId)),
        payload: day,
      });
    const recorded = await record();
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({ employeeId: s.employee.employeeId, workDate: '2026-12-01', reason: day.reason });
    expect(await attentionList(s.employee.companyId)).toEqual([expect.objectContaining({ id: item.commandId, resolvedAt: '2026-12-01T10:00:00.000Z' })]);
    const again = await record();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ messageKey: 'offlinePunchAlreadyResolved' });
  });
});
