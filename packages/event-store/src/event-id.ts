import { createHash } from 'node:crypto';

// A fixed namespace so that the same command id and index always give the same event id.
const namespace = Buffer.from('6f1c1b0e4f5a4c2d9b7e3a1d2c4b5a69', 'hex');

/**
 * A deterministic (name-based, version 5) uuid for the `index`-th event of a command: retrying the
 * command with the same id then appends nothing new.
 */
export function commandEventId(commandId: string, index: number): string {
  const hash = createHash('sha1').update(namespace).update(`${commandId}/${index}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
