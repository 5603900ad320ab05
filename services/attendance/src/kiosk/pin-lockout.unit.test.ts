import { describe, expect, it } from 'vitest';
import { PERSON_LOCKOUT } from '@ams/credentials';
import { addressKey, personScope, unknownIdentifierScope } from './pin-lockout.ts';

describe("the kiosk's lockout scopes", () => {
  it('keys people, unknown identifiers and client addresses apart', () => {
    const keys = [personScope('e-1').key, unknownIdentifierScope('e-1').key, addressKey('e-1'), addressKey(null)];
    expect(new Set(keys).size).toBe(4);
  });

  it('keys an unknown identifier whatever its case and spaces, without storing it', () => {
    const scope = unknownIdentifierScope(' Nobody@Example.com ');
    expect(scope.key).toBe(unknownIdentifierScope('nobody@example.com').key);
    expect(scope.key).not.toContain('nobody');
    expect(scope.policy).toBe(PERSON_LOCKOUT);
  });
});
