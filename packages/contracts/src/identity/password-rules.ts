import { z } from 'zod';
import type { MessageKey } from '../messages/message-catalogue.ts';

/** Spec §5 and §9: at least 8 characters with a number, a lowercase, an uppercase and a special character. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longer inputs only cost hashing time; no human password needs more. */
export const PASSWORD_MAX_LENGTH = 128;

/** The password rules' messages, by catalogue key (the lengths above are in their texts). */
export const passwordMessages = {
  tooShort: 'passwordMustBeAtLeast8Characters',
  tooLong: 'passwordMustBeAtMost128Characters',
  number: 'passwordMustContainANumber',
  lowercase: 'passwordMustContainALowercaseLetter',
  uppercase: 'passwordMustContainAnUppercaseLetter',
  special: 'passwordMustContainASpecialCharacter',
  mismatch: 'passwordsDoNotMatch',
  allFieldsRequired: 'pleaseFillOutAllFields',
} as const satisfies Record<string, MessageKey>;

export const newPasswordSchema = z
  .string(passwordMessages.allFieldsRequired)
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .regex(/\d/, passwordMessages.number)
  .regex(/\p{Ll}/u, passwordMessages.lowercase)
  .regex(/\p{Lu}/u, passwordMessages.uppercase)
  .regex(/[^\p{L}\p{N}\s]/u, passwordMessages.special);
