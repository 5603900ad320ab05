export type Metadata = Record<string, unknown>;

/** An event to append; `id` is chosen by the caller so that a retried append is recognised. */
export interface NewEvent {
  id: string;
  type: string;
  /** Any JSON-serialisable value. */
  data: unknown;
  metadata?: Metadata;
}

/**
 * Rows another table gets in the append's own statement, and only when the events are appended: the
 * append and its inserts commit together without a transaction around them.
 */
export interface SideInsert {
  /** Names the combined statement for the server's plan cache; one name, one SQL text. */
  name: string;
  /** The target table and columns, e.g. `outbox (event_id, envelope)`. */
  into: string;
  /**
   * A query giving the rows, numbering its parameters from $1. Cast them: in a subquery they have no
   * column to take their type from.
   */
  rows: string;
  values: readonly unknown[];
  /** e.g. `ON CONFLICT (ticket_id) DO NOTHING` */
  onConflict?: string;
  /**
   * When set, the insert must write at least one row; otherwise nothing is stored and the append throws
   * AppendRefusedError with this reason.
   */
  refusal?: string;
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
