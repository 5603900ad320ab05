import { describe, expect, it } from 'vitest';
import { punchMethodOf } from './punch-method';

const entry = (method: 'face' | 'pin' | 'card' | 'admin' | null, details: Record<string, unknown> = {}) => ({ method, details });

describe('how a day’s event was punched', () => {
  it('marks a punch a kiosk took offline and replayed later as offline, beside its method', () => {
    expect(
      punchMethodOf(entry('card', { deviceTime: '2026-11-23T08:59:00.000Z', offline: { receivedAt: '2026-11-23T11:00:00.000Z', clockOffsetMs: 0 } })),
    ).toEqual({ methodKey: 'attendance.methods.card', offline: true });
  });

  it('does not mark a punch made online, an admin’s change, or an event without a method', () => {
    expect(punchMethodOf(entry('pin', { deviceTime: '2026-11-23T08:59:00.000Z' }))).toEqual({ methodKey: 'attendance.methods.pin', offline: false });
    expect(punchMethodOf(entry('admin', { times: {} }))).toEqual({ methodKey: 'attendance.methods.admin', offline: false });
    expect(punchMethodOf(entry(null))).toBeNull();
  });
});
