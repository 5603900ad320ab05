import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { offsetFrom } from './clock-offset';
import { isNoConnection } from './no-connection';

describe('the kiosk’s clock offset', () => {
  it('is the server’s time minus the middle of the round trip', () => {
    const sentAt = Date.parse('2026-11-23T09:00:00.000Z');
    expect(offsetFrom('2026-11-23T09:00:05.100Z', sentAt, sentAt + 200)).toBe(5_000);
    expect(offsetFrom('2026-11-23T08:59:58.100Z', sentAt, sentAt + 200)).toBe(-2_000);
  });

  it('is unknown from an answer whose time does not parse', () => {
    expect(offsetFrom('soon', 0, 10)).toBeNull();
  });
});

describe('what counts as no connection', () => {
  it('is no answer at all, or a gateway saying the server cannot be reached', () => {
    for (const status of [null, 502, 503, 504]) expect(isNoConnection(new ApiError('x', status))).toBe(true);
  });

  it('is never a refusal, a server error or another failure', () => {
    for (const status of [400, 401, 409, 422, 429, 500]) expect(isNoConnection(new ApiError('x', status))).toBe(false);
    expect(isNoConnection(new Error('boom'))).toBe(false);
  });
});
