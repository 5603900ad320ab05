import { databaseErrorOf, type Queryable } from '@ams/db';
import { APPEND_REFUSED, findAppendConflict, streamVersion, tryAppend, type AppendConflict } from './append-queries.ts';
import { AppendRefusedError, EventIdConflictError, WrongExpectedVersionError } from './errors.ts';
import type { ExpectedVersion, NewEvent, SideInsert } from './types.ts';

export interface AppendResult {
  /** The stream's version after the append: pass it as the expected version of the next one. */
  nextExpectedVersion: number;
  /** Global positions of the events, in the order given. */
  globalPositions: number[];
  /** True when every event was already stored by an earlier append, which this one repeats. */
  alreadyStored: boolean;
}

// An 'any' append loses only to a concurrent append between its snapshot and its row lock.
const maxAttempts = 10;

export interface AppendOptions {
  /** Rows other tables get with the events, in the same statement (not when they were stored before). */
  sideInserts?: readonly SideInsert[];
}

/**
 * Appends events to a stream when its version is the expected one. Works on a pool (the append and its
 * side inserts are atomic on their own) or inside the caller's transaction; the happy path is one
 * statement. Throws WrongExpectedVersionError when the stream moved on, EventIdConflictError when only
 * some ids are stored, AppendRefusedError when a side insert that had to write a row wrote none.
 * Appending events whose ids are all stored in this stream returns the original result.
 */
export async function append(
  db: Queryable,
  streamId: string,
  events: readonly NewEvent[],
  expectedVersion: ExpectedVersion,
  options: AppendOptions = {},
): Promise<AppendResult> {
  const expected = expectedVersion === 'no-stream' ? 0 : expectedVersion === 'any' ? null : expectedVersion;
  if (events.length === 0) return checkVersionOnly(db, streamId, expectedVersion, expected);
  assertDistinctIds(streamId, events);
  for (let attempt = 1; ; attempt += 1) {
    const result = await tryAppend(db, streamId, events, expected, options.sideInserts).catch((error: unknown) => {
      if (databaseErrorOf(error)?.code === APPEND_REFUSED) throw new AppendRefusedError(streamId, (error as Error).message);
      throw error;
    });
    if (result.version !== null) {
      return { nextExpectedVersion: result.version, globalPositions: result.globalPositions, alreadyStored: false };
    }
    const conflict = await findAppendConflict(
      db,
      streamId,
      events.map((event) => event.id),
    );
    if (conflict.stored.length > 0) return originalResult(streamId, events, conflict);
    // Nothing stored and the version now matches: a concurrent append happened in between; go again.
    const versionMatches = expected === null || conflict.version === expected;
    if (!versionMatches || attempt >= maxAttempts) {
      throw new WrongExpectedVersionError(streamId, expectedVersion, conflict.version);
    }
  }
}

function originalResult(streamId: string, events: readonly NewEvent[], conflict: AppendConflict): AppendResult {
  const byId = new Map(conflict.stored.map((event) => [event.id, event]));
  const elsewhere = conflict.stored.filter((event) => event.streamId !== streamId);
  if (elsewhere.length > 0) {
    throw new EventIdConflictError(
      streamId,
      'stored-in-another-stream',
      elsewhere.map((event) => event.id),
    );
  }
  const originals = events.map((event) => byId.get(event.id.toLowerCase()));
  const missing = events.filter((_, index) => originals[index] === undefined).map((event) => event.id);
  if (missing.length > 0) {
    throw new EventIdConflictError(
      streamId,
      'partially-stored',
      conflict.stored.map((event) => event.id),
    );
  }
  const stored = originals.filter((event) => event !== undefined);
  return {
    nextExpectedVersion: Math.max(...stored.map((event) => event.streamPosition)),
    globalPositions: stored.map((event) => event.globalPosition),
    alreadyStored: true,
  };
}

function assertDistinctIds(streamId: string, events: readonly NewEvent[]): void {
  const seen = new Set<string>();
  const duplicated = new Set<string>();
  for (const event of events) {
    const id = event.id.toLowerCase();
    if (seen.has(id)) duplicated.add(event.id);
    seen.add(id);
  }
  if (duplicated.size > 0) throw new EventIdConflictError(streamId, 'duplicated-in-append', [...duplicated]);
}

async function checkVersionOnly(db: Queryable, streamId: string, expectedVersion: ExpectedVersion, expected: number | null): Promise<AppendResult> {
  const version = await streamVersion(db, streamId);
  if (expected !== null && version !== expected) throw new WrongExpectedVersionError(streamId, expectedVersion, version);
  return { nextExpectedVersion: version, globalPositions: [], alreadyStored: false };
}
