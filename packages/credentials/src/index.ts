export { argon2Options, hashPassword, verifyPassword } from './passwords.ts';
export { hashPin, verifyPin } from './pins.ts';
