import { createECDH, hkdfSync, webcrypto } from 'node:crypto';
import type { SealingKey, WebCryptoKey } from '@ams/contracts';

/** The installation's key pair for offline punches: kiosks seal with the public half, only the server opens. */
export interface SealingKeyPair {
  publicKey: SealingKey;
  privateKey: WebCryptoKey;
}

// The P-256 group order: a private scalar must be in [1, n).
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * Derives the key pair from a server secret (HKDF with its own label, so it says nothing about the secret's
 * other use). Deriving rather than generating keeps it where the installation's other secrets are kept (the
 * owner-only secrets file, or the deployment's secret store) and the same on every replica and after restarts.
 */
export async function deriveSealingKey(secret: string): Promise<SealingKeyPair> {
  for (let round = 0; ; round += 1) {
    const scalar = Buffer.from(hkdfSync('sha256', secret, 'ams-attendance', `offline punch sealing key v1/${round}`, 32));
    const value = BigInt(`0x${scalar.toString('hex')}`);
    if (value === 0n || value >= P256_ORDER) continue; // about 2^-32 likely: take the next round
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    const point = ecdh.getPublicKey();
    const publicKey: SealingKey = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
    const privateKey = await webcrypto.subtle.importKey(
      'jwk',
      { ...publicKey, d: scalar.toString('base64url') },
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      ['deriveBits'],
    );
    return { publicKey, privateKey };
  }
}
