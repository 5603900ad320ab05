import { describe, expect, it } from 'vitest';
import { PERSON_LOCKOUT } from '@ams/credentials';
import { clientKey, personScope } from './pin-lockout.ts';

describe("the kiosk's lockout scopes", () => {
  it('keys people, registered kiosks and client addresses apart', () => {
    const keys = [
      personScope('e-1').key,
      clientKey({ kiosk: null, clientIp: 'e-1' }),
      clientKey({ kiosk: null, clientIp: null }),
      clientKey({ kiosk: { deviceId: 'e-1' }, clientIp: 'e-1' }),
    ];
    expect(new Set(keys).size).toBe(4);
    expect(personScope('e-1').policy).toBe(PERSON_LOCKOUT);
  });

  it('counts a registered kiosk’s failures on the kiosk, whatever address it shares', () => {
    const kiosk = { deviceId: 'd-1' };
    expect(clientKey({ kiosk, clientIp: '10.0.0.1' })).toBe(clientKey({ kiosk, clientIp: '10.0.0.2' }));
    expect(clientKey({ kiosk, clientIp: '10.0.0.1' })).not.toBe(clientKey({ kiosk: { deviceId: 'd-2' }, clientIp: '10.0.0.1' }));
  });
});
