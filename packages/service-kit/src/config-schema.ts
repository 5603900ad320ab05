import { z } from 'zod';

/** An optional text setting; an empty variable (as compose passes an unset one) counts as not set. */
export const optionalSetting = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** A shared secret setting, long enough to resist guessing. */
export function secretSetting(name: string) {
  return z.string().min(32, `${name} must be at least 32 characters`);
}
