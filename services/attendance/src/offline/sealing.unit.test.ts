import { openSealedPunch, sealPunch, type SealedPunch } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import { deriveSealingKey } from './sealing-key.ts';

const binding = { commandId: '6f1c1a52-3f0e-4c0e-9a43-1f6c8c1c2b01', deviceTime: '2026-11-23T08:59:30.000Z', clockOffsetMs: -1_250 };
const content = { identification: { method: 'pin', identifier: 'ana@example.com', pin: '482913' }, action: 'check-in' };

/** Flips one bit of a base64url field. */
function flipped(field: string): string {
  const bytes = Buffer.from(field, 'base64url');
  bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0x01;
  return bytes.toString('base64url');
}

describe('sealing offline punches', () => {
  it('opens what a kiosk sealed with the installation’s public key, and the PIN is not readable in the sealed item', async () => {
    const keys = await deriveSealingKey('clock-ticket-secret-for-sealing-tests-0123456789');
    const sealed = await sealPunch(keys.publicKey, binding, content);
    expect(JSON.stringify(sealed)).not.toContain('482913');
    expect(await openSealedPunch(keys.privateKey, binding, sealed)).toEqual(content);
  });

  it('derives the same key pair from the same secret (replicas and restarts open earlier items) and another from another secret', async () => {
    const first = await deriveSealingKey('clock-ticket-secret-for-sealing-tests-0123456789');
    const again = await deriveSealingKey('clock-ticket-secret-for-sealing-tests-0123456789');
    const other = await deriveSealingKey('another-secret-for-sealing-tests-9876543210abcd');
    expect(again.publicKey).toEqual(first.publicKey);
    expect(other.publicKey).not.toEqual(first.publicKey);
  });

  it('refuses a changed ciphertext, nonce or ephemeral key', async () => {
    const keys = await deriveSealingKey('clock-ticket-secret-for-sealing-tests-0123456789');
    const sealed = await sealPunch(keys.publicKey, binding, content);
    const tampered: SealedPunch[] = [
      { ...sealed, ct: flipped(sealed.ct) },
      { ...sealed, iv: flipped(sealed.iv) },
      { ...sealed, epk: flipped(sealed.epk) },
    ];
    for (const item of tampered) expect(await openSealedPunch(keys.privateKey, binding, item)).toBeNull();
  });

  it('refuses an item sealed for another installation’s key', async () => {
    const ours = await deriveSealingKey('clock-ticket-secret-for-sealing-tests-0123456789');
    const theirs = await deriveSealingKey('another-secret-for-sealing-tests-9876543210abcd');
    const sealed = await sealPunch(theirs.publicKey, binding, content);
    expect(await openSealedPunch(ours.privateKey, binding, sealed)).toBeNull();
  });

  it('refuses an item moved to another command id, device time or offset (a second punch from one seal)', async () => {
    const keys = await deriveSealingKey('clock-ticket-secret-for-sealing-tests-0123456789');
    const sealed = await sealPunch(keys.publicKey, binding, content);
    const moved = [
      { ...binding, commandId: '0b8f4d3e-51a4-4c61-a1c8-0c3cbd1f6a22' },
      { ...binding, deviceTime: '2026-11-23T07:59:30.000Z' },
      { ...binding, clockOffsetMs: 3_600_000 },
    ];
    for (const other of moved) expect(await openSealedPunch(keys.privateKey, other, sealed)).toBeNull();
  });
});
