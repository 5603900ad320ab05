import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isNoConnection, isRevokedRegistration } from './no-connection';

const refusedKiosk = new ApiError('This browser is not a registered kiosk', 401, [], { messageKey: 'kioskNotRegistered' });

describe('a queued item the server refuses', () => {
  it('is dropped when it was sealed under an earlier, revoked registration of this kiosk', () => {
    expect(isRevokedRegistration(refusedKiosk, 'kd_old', 'kd_new')).toBe(true);
  });

  it('is kept when it belongs to the current registration, or the refusal is anything else', () => {
    expect(isRevokedRegistration(refusedKiosk, 'kd_same', 'kd_same')).toBe(false);
    expect(isRevokedRegistration(new ApiError('Too many requests', 429), 'kd_old', 'kd_new')).toBe(false);
    expect(isRevokedRegistration(new ApiError('Unavailable', null), 'kd_old', 'kd_new')).toBe(false);
  });

  it('counts a missing answer or a gateway’s 502–504 as no connection', () => {
    expect(isNoConnection(new ApiError('x', null))).toBe(true);
    expect(isNoConnection(new ApiError('x', 503))).toBe(true);
    expect(isNoConnection(refusedKiosk)).toBe(false);
  });
});
