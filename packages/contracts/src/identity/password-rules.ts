import { z } from 'zod';

/** Spec §5 and §9: at least 8 characters with a number, a lowercase, an uppercase and a special character. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longer inputs only cost hashing time; no human password needs more. */
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  number: 'Password must contain a number',
  lowercase: 'Password must contain a lowercase letter',
  uppercase: 'Password must contain an uppercase letter',
  special: 'Password must contain a special character',
  mismatch: 'Passwords do not match.',
  allFieldsRequired: 'Please fill out all fields',
} as const;

export const newPasswordSchema = z
  .string(passwordMessages.allFieldsRequired)
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .regex(/\d/, passwordMessages.number)
  .regex(/\p{Ll}/u, passwordMessages.lowercase)
  .regex(/\p{Lu}/u, passwordMessages.uppercase)
  .regex(/[^\p{L}\p{N}\s]/u, passwordMessages.special);
