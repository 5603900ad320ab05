export { ADDRESS_FAILURE_LIMIT, afterAddressFailure, isSlowed, type AddressFailurePolicy, type SlowedUntil } from './address-failures.ts';
export { argon2Options, hashPassword, verifyPassword } from './passwords.ts';
export { hashPin, verifyPin } from './pins.ts';
export { countAttempt, giveBack, isLocked, lockDuration, PERSON_LOCKOUT, type AttemptCounter, type LockoutPolicy } from './pin-lockout.ts';
