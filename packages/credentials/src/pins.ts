import { hash, verify } from '@node-rs/argon2';
import { argon2Options } from './passwords.ts';

// A PIN has few digits, so a stolen hash alone would fall to brute force; the pepper (argon2's secret
// input, held only by the services' configuration, never by the database) makes the hash useless alone.

export function hashPin(pin: string, pepper: string): Promise<string> {
  return hash(pin, { ...argon2Options, secret: Buffer.from(pepper, 'utf8') });
}

/** True when `pin` matches; a missing hash never matches. */
export async function verifyPin(pinHash: string | null, pin: string, pepper: string): Promise<boolean> {
  if (pinHash === null) return false;
  return verify(pinHash, pin, { secret: Buffer.from(pepper, 'utf8') }).catch(() => false);
}
