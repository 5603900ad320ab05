import { createHash } from 'node:crypto';

/**
 * A name-based (version 5, RFC 9562) uuid: the same namespace and name always give the same id, so a retried command
 * or a recomputed key lands on the id it had.
 */
export function nameBasedUuid(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// A fixed namespace so that the same command id and index always give the same event id.
const namespace = '6f1c1b0e-4f5a-4c2d-9b7e-3a1d2c4b5a69';

/** The `index`-th event's id of a command: retrying the command with the same id then appends nothing new. */
export function commandEventId(commandId: string, index: number): string {
  return nameBasedUuid(namespace, `${commandId}/${index}`);
}
