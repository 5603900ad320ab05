import { describe, expect, it } from 'vitest';
import { KIOSK_REFUSED } from '@ams/contracts';
import { testClock } from '@ams/service-kit/testing';
import { createKnownKiosks } from './kiosk-limits.ts';

const withToken = (token: string) => ({ headers: { 'x-kiosk-token': token } });

describe('the kiosks a gateway knows', () => {
  it('knows a token only once attendance named its kiosk, and forgets it when attendance refuses it', () => {
    const kiosks = createKnownKiosks(testClock('2026-11-23T09:00:00Z').now);
    expect(kiosks.deviceOf(withToken('kd_front'))).toBeUndefined();
    kiosks.learn(withToken('kd_front'), 'device-1');
    expect(kiosks.deviceOf(withToken('kd_front'))).toBe('device-1');
    expect(kiosks.deviceOf(withToken('kd_other'))).toBeUndefined();
    expect(kiosks.deviceOf({ headers: {} })).toBeUndefined();
    kiosks.learn(withToken('kd_front'), KIOSK_REFUSED);
    expect(kiosks.deviceOf(withToken('kd_front'))).toBeUndefined();
  });

  it('forgets a kiosk not named again within its time to live, and keeps one named since', () => {
    const clock = testClock('2026-11-23T09:00:00Z');
    const kiosks = createKnownKiosks(clock.now, { ttlMs: 60_000 });
    kiosks.learn(withToken('kd_quiet'), 'quiet');
    kiosks.learn(withToken('kd_busy'), 'busy');
    clock.advance(40_000);
    kiosks.learn(withToken('kd_busy'), 'busy');
    clock.advance(40_000);
    expect(kiosks.deviceOf(withToken('kd_quiet'))).toBeUndefined();
    expect(kiosks.deviceOf(withToken('kd_busy'))).toBe('busy');
  });

  it('forgets a kiosk the moment its clock passes the time to live, even right after a lookup', () => {
    const clock = testClock('2026-11-23T09:00:00Z');
    const kiosks = createKnownKiosks(clock.now, { ttlMs: 60_000 });
    kiosks.learn(withToken('kd_front'), 'front');
    expect(kiosks.deviceOf(withToken('kd_front'))).toBe('front');
    clock.advance(61_000);
    expect(kiosks.deviceOf(withToken('kd_front'))).toBeUndefined();
  });

  it('keeps at most its bound of kiosks, dropping the least recently used', () => {
    const kiosks = createKnownKiosks(testClock('2026-11-23T09:00:00Z').now, { max: 2 });
    kiosks.learn(withToken('kd_a'), 'a');
    kiosks.learn(withToken('kd_b'), 'b');
    expect(kiosks.deviceOf(withToken('kd_a'))).toBe('a');
    kiosks.learn(withToken('kd_c'), 'c');
    expect([kiosks.deviceOf(withToken('kd_a')), kiosks.deviceOf(withToken('kd_b')), kiosks.deviceOf(withToken('kd_c'))]).toEqual(['a', undefined, 'c']);
  });
});
