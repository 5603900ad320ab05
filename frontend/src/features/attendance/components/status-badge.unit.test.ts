import { describe, expect, it } from 'vitest';
import { statusBadgesOf } from './status-badge';

const closed = '2026-11-23T17:00:00.000Z';

describe('the status badges of a day', () => {
  it('shows a day late and early as both', () => {
    expect(statusBadgesOf({ arrivalStatus: 'late arrival', departureStatus: 'early departure', timeOut: closed })).toEqual(['lateArrival', 'earlyDeparture']);
  });
  it('shows each status that was not on time, and on time only when both were', () => {
    expect(statusBadgesOf({ arrivalStatus: 'late arrival', departureStatus: 'on time', timeOut: closed })).toEqual(['lateArrival']);
    expect(statusBadgesOf({ arrivalStatus: 'on time', departureStatus: 'early departure', timeOut: closed })).toEqual(['earlyDeparture']);
    expect(statusBadgesOf({ arrivalStatus: 'on time', departureStatus: 'on time', timeOut: closed })).toEqual(['onTime']);
  });
  it('shows an open day as open, with its late arrival', () => {
    expect(statusBadgesOf({ arrivalStatus: 'late arrival', departureStatus: null, timeOut: null })).toEqual(['lateArrival', 'open']);
    expect(statusBadgesOf({ arrivalStatus: 'on time', departureStatus: null, timeOut: null })).toEqual(['open']);
  });
  it('shows no status for a closed day without a schedule', () => {
    expect(statusBadgesOf({ arrivalStatus: null, departureStatus: null, timeOut: closed })).toEqual([]);
  });
});
