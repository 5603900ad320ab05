import { describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from './pins.ts';

const PEPPER = 'pepper-for-pin-tests-0123456789abcdef';

describe('PIN hashes', () => {
  it('are argon2id and verify the PIN they were made from', async () => {
    const pinHash = await hashPin('123456', PEPPER);
    expect(pinHash).toMatch(/^\$argon2id\$/);
    expect(pinHash).not.toContain('123456');
    expect(await verifyPin(pinHash, '123456', PEPPER)).toBe(true);
    expect(await verifyPin(pinHash, '123457', PEPPER)).toBe(false);
  });

  it('do not verify without the same pepper', async () => {
    const pinHash = await hashPin('246810', PEPPER);
    expect(await verifyPin(pinHash, '246810', 'another-pepper-0123456789abcdefghij')).toBe(false);
  });

  it('never match when there is no hash', async () => {
    expect(await verifyPin(null, '123456', PEPPER)).toBe(false);
  });
});
