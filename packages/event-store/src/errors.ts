import type { ExpectedVersion } from './types.ts';

/** The stream moved on since the caller read it: re-read, decide again, retry. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}

/**
 * Some of the appended event ids are already stored, but not as a complete earlier append to
 * this stream: the retry is not the same append, so it can neither be ignored nor applied.
 */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';

  constructor(
    readonly streamId: string,
    readonly reason: 'partially-stored' | 'stored-in-another-stream' | 'duplicated-in-append',
    readonly eventIds: readonly string[],
  ) {
    super(`Cannot append to stream ${streamId}: event ids ${reason.replaceAll('-', ' ')} (${eventIds.join(', ')})`);
  }
}
