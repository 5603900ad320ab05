export type Metadata = Record<string, unknown>;

/** An event to append; `id` is chosen by the caller so that a retried append is recognised. */
export interface NewEvent {
  id: string;
  type: string;
  /** Any JSON-serialisable value. */
  data: unknown;
  metadata?: Metadata;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  /** 1 for the first event of a stream. */
  streamPosition: number;
  globalPosition: number;
  /** The writing transaction (xid8 as a decimal string: it may exceed 2^53). */
  transactionId: string;
  type: string;
  data: unknown;
  metadata: Metadata;
  recordedAt: Date;
}

/**
 * The stream version the caller based its decision on: a number (the position of the stream's
 * last event; 0 for a stream without events), 'no-stream' (same as 0), or 'any' (no check).
 */
export type ExpectedVersion = number | 'no-stream' | 'any';

/** A place in the global order: events are ordered by (transactionId, position). */
export interface GlobalPosition {
  transactionId: string;
  position: number;
}

export function globalPositionOf(event: RecordedEvent): GlobalPosition {
  return { transactionId: event.transactionId, position: event.globalPosition };
}
