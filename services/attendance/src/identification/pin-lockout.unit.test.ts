import { describe, expect, it } from 'vitest';
import { PERSON_LOCKOUT } from '@ams/credentials';
import { addressKey, personScope } from './pin-lockout.ts';

describe("the kiosk's lockout scopes", () => {
  it('keys people and client addresses apart', () => {
    const keys = [personScope('e-1').key, addressKey('e-1'), addressKey(null)];
    expect(new Set(keys).size).toBe(3);
    expect(personScope('e-1').policy).toBe(PERSON_LOCKOUT);
  });
});
