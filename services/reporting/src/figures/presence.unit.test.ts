import { describe, expect, it } from 'vitest';
import type { DayPlan } from './day-figures.ts';
import { presenceNow, type PresenceDay } from './presence.ts';

const at = (iso: string) => Date.parse(iso);
const working: DayPlan = { kind: 'working', shift: { start: at('2026-11-23T09:00:00Z'), end: at('2026-11-23T17:00:00Z'), scheduledMinutes: 420 } };
const day = (state: PresenceDay['state'], times: Partial<PresenceDay> = {}): PresenceDay => ({ state, timeIn: at('2026-11-23T09:00:00Z'), breakIn: null, breakOut: null, timeOut: null, ...times });

describe('presence right now', () => {
  it('follows the day’s state, since its latest punch', () => {
    const now = at('2026-11-23T13:00:00Z');
    expect(presenceNow({ today: day('working'), yesterday: null, plan: working, onLeave: false, now })).toEqual({ kind: 'working', since: at('2026-11-23T09:00:00Z') });
    expect(presenceNow({ today: day('on-break', { breakIn: at('2026-11-23T12:30:00Z') }), yesterday: null, plan: working, onLeave: false, now })).toEqual({ kind: 'on-break', since: at('2026-11-23T12:30:00Z') });
    expect(presenceNow({ today: day('back-from-break', { breakIn: 1, breakOut: at('2026-11-23T12:45:00Z') }), yesterday: null, plan: working, onLeave: false, now })).toEqual({ kind: 'working', since: at('2026-11-23T12:45:00Z') });
    expect(presenceNow({ today: day('left', { timeOut: at('2026-11-23T12:50:00Z') }), yesterday: null, plan: working, onLeave: false, now })).toEqual({ kind: 'gone', since: at('2026-11-23T12:50:00Z') });
  });

  it('keeps an overnight worker in after midnight, but not yesterday’s finished day', () => {
    const now = at('2026-11-24T02:00:00Z');
    expect(presenceNow({ today: null, yesterday: day('working'), plan: { kind: 'rest-day' }, onLeave: false, now })).toMatchObject({ kind: 'working' });
    expect(presenceNow({ today: null, yesterday: day('left', { timeOut: 5 }), plan: { kind: 'rest-day' }, onLeave: false, now })).toEqual({ kind: 'none' });
  });

  it('counts someone absent once their shift started without a punch, unless on leave', () => {
    expect(presenceNow({ today: null, yesterday: null, plan: working, onLeave: false, now: at('2026-11-23T08:59:00Z') })).toEqual({ kind: 'none' });
    expect(presenceNow({ today: null, yesterday: null, plan: working, onLeave: false, now: at('2026-11-23T09:01:00Z') })).toEqual({ kind: 'absent', since: at('2026-11-23T09:00:00Z') });
    expect(presenceNow({ today: null, yesterday: null, plan: working, onLeave: true, now: at('2026-11-23T10:00:00Z') })).toEqual({ kind: 'none' });
  });
});
