import { describe, expect, it } from 'vitest';
import { offlinePunchTime } from './offline-time.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const hours = (count: number) => count * 3_600_000;

describe('the time of an offline punch', () => {
  it('is the device time corrected by the offset the kiosk last measured, and keeps the device time beside it', () => {
    const time = offlinePunchTime({ deviceTime: '2026-11-26T08:58:00.000Z', clockOffsetMs: 90_000, now, emptyQueueAt: null });
    expect(time).toEqual({ ok: true, at: new Date('2026-11-26T08:59:30.000Z'), deviceTime: new Date('2026-11-26T08:58:00.000Z') });
  });

  it('reads device times written with a zone offset', () => {
    const time = offlinePunchTime({ deviceTime: '2026-11-26T09:58:00.000+01:00', clockOffsetMs: 0, now, emptyQueueAt: null });
    expect(time.ok && time.at.toISOString()).toBe('2026-11-26T08:58:00.000Z');
  });

  it('refuses a punch that lies in the future once corrected', () => {
    const time = offlinePunchTime({ deviceTime: '2026-11-26T09:50:00.000Z', clockOffsetMs: hours(1), now, emptyQueueAt: null });
    expect(time).toMatchObject({ ok: false, reason: { messageKey: 'offlinePunchInFuture' }, at: new Date('2026-11-26T10:50:00.000Z') });
  });

  it('records at the server’s time a punch up to a minute ahead of it (the offset’s own error)', () => {
    const time = offlinePunchTime({ deviceTime: '2026-11-26T10:00:40.000Z', clockOffsetMs: 0, now, emptyQueueAt: null });
    expect(time).toEqual({ ok: true, at: now, deviceTime: new Date('2026-11-26T10:00:40.000Z') });
  });

  it('accepts a punch 72 hours old and refuses one older, naming the limit', () => {
    expect(offlinePunchTime({ deviceTime: new Date(now.getTime() - hours(72)).toISOString(), clockOffsetMs: 0, now, emptyQueueAt: null }).ok).toBe(true);
    const old = offlinePunchTime({ deviceTime: new Date(now.getTime() - hours(72) - 1_000).toISOString(), clockOffsetMs: 0, now, emptyQueueAt: null });
    expect(old).toMatchObject({ ok: false, reason: { messageKey: 'offlinePunchTooOld', params: { count: 72 } } });
  });

  it('judges the age by the corrected time, not the device’s clock', () => {
    const slowClock = offlinePunchTime({ deviceTime: new Date(now.getTime() - hours(80)).toISOString(), clockOffsetMs: hours(10), now, emptyQueueAt: null });
    expect(slowClock.ok).toBe(true);
  });

  it('refuses a punch dated before the kiosk last said, online, that nothing was waiting: it was not offline then', () => {
    const emptyQueueAt = new Date('2026-11-26T09:00:00.000Z');
    const backdated = offlinePunchTime({ deviceTime: '2026-11-26T08:30:00.000Z', clockOffsetMs: 0, now, emptyQueueAt });
    expect(backdated).toMatchObject({ ok: false, reason: { messageKey: 'offlinePunchWhileOnline' }, at: new Date('2026-11-26T08:30:00.000Z') });
    // Judged by the corrected time, with a minute's leeway for the offset's error and a punch queued as the kiosk reported.
    expect(offlinePunchTime({ deviceTime: '2026-11-26T08:30:00.000Z', clockOffsetMs: hours(0.5), now, emptyQueueAt }).ok).toBe(true);
    expect(offlinePunchTime({ deviceTime: '2026-11-26T08:59:30.000Z', clockOffsetMs: 0, now, emptyQueueAt }).ok).toBe(true);
    expect(offlinePunchTime({ deviceTime: '2026-11-26T09:30:00.000Z', clockOffsetMs: 0, now, emptyQueueAt }).ok).toBe(true);
  });
});
