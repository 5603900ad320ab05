import type { ExpectedVersion } from './types.ts';

/** The stream moved on since the caller read it: re-read, decide again, retry. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';

  readonly streamId: string;
  readonly expected: ExpectedVersion;
  readonly actual: number;

  constructor(streamId: string, expected: ExpectedVersion, actual: number) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * Some of the appended event ids are already stored, but not as a complete earlier append to
 * this stream: the retry is not the same append, so it can neither be ignored nor applied.
 */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';

  readonly streamId: string;
  readonly reason: 'partially-stored' | 'stored-in-another-stream' | 'duplicated-in-append';
  readonly eventIds: readonly string[];

  constructor(streamId: string, reason: EventIdConflictError['reason'], eventIds: readonly string[]) {
    super(`Cannot append to stream ${streamId}: event ids ${reason.replaceAll('-', ' ')} (${eventIds.join(', ')})`);
    this.streamId = streamId;
    this.reason = reason;
    this.eventIds = eventIds;
  }
}

/** A side insert that had to write a row wrote none (e.g. the ticket was spent): nothing was stored. */
export class AppendRefusedError extends Error {
  override readonly name = 'AppendRefusedError';

  readonly streamId: string;
  readonly refusal: string;

  constructor(streamId: string, refusal: string) {
    super(`Append to stream ${streamId} refused: ${refusal}`);
    this.streamId = streamId;
    this.refusal = refusal;
  }
}
