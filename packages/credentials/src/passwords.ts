import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The library's Algorithm is a const enum, which isolated modules cannot read: Argon2id is 2.
const argon2id = 2 as Algorithm.Argon2id;

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
export const argon2Options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const options = argon2Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the email is unknown, so a miss costs as much time as a wrong password.
let decoy: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword('decoy-password-for-unknown-accounts');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
