import { randomUUID } from 'node:crypto';
import type { Pool } from '@ams/db';
import { append } from './append.ts';
import { fold, type Decider } from './decider.ts';
import { WrongExpectedVersionError } from './errors.ts';
import { commandEventId } from './event-id.ts';
import { readStream } from './read.ts';
import type { CachedStream, StreamCache } from './stream-cache.ts';
import type { ExpectedVersion, Metadata, RecordedEvent, SideInsert } from './types.ts';

/** How domain events are stored: the stored type and JSON data, and back. */
export interface EventCodec<Event> {
  encode(event: Event): { type: string; data: unknown };
  decode(recorded: RecordedEvent): Event;
}

type StoredShape = { type: string; data: unknown };

/** For events already shaped `{ type, data }` with JSON-safe data. */
export function jsonEventCodec<Event extends StoredShape>(): EventCodec<Event> {
  return {
    encode: (event) => ({ type: event.type, data: event.data }),
    // The stored type and data are what `encode` wrote for an Event.
    decode: (recorded) => ({ type: recorded.type, data: recorded.data }) as Event,
  };
}

/** An event the command is about to append, with the id and stream position it will have. */
export interface PendingEvent<Event> {
  event: Event;
  id: string;
  streamId: string;
  streamPosition: number;
  type: string;
  metadata: Metadata;
}

type CodecOption<Event> = [Event] extends [StoredShape] ? { codec?: EventCodec<Event> } : { codec: EventCodec<Event> };

export type CommandHandlerOptions<Command, Event, State> = {
  pool: Pool;
  decider: Decider<Command, Event, State>;
  /** Attempts when another writer appended to the stream in between (default 5). */
  maxAttempts?: number;
  /**
   * Rows other tables get with the events (outbox rows, say), given the events and the state after
   * them: written in the append's own statement, and only if the events are appended.
   */
  sideInserts?: (pending: readonly PendingEvent<Event>[], state: State) => SideInsert[];
  /**
   * Streams remembered across commands (share one cache among the handlers of a stream type). A command
   * is then first decided on the cached state, or, for a stream the cache does not know, on a new
   * stream's: most commands then need no read. Only an append at that version stores the decision;
   * a refusal, a conflict or a retried command is decided again on a fresh read.
   */
  streamCache?: StreamCache<State>;
  /**
   * Told after each append that stored events (committed by then: the handler appends in no transaction of its
   * own), e.g. an appendNotifier, where subscriptions of other processes listen for appends.
   */
  notifier?: { notify(): void };
} & CodecOption<Event>;

export interface HandleOptions<Event> {
  /** More side inserts of this one command, after the handler's own (see AppendOptions). */
  sideInserts?: readonly SideInsert[];
  /**
   * The caller's id for this command: its events get ids derived from it (commandEventId), and a retry
   * whose events are already in the stream decides nothing and returns them again (`replayed`).
   */
  commandId?: string;
  /** Event ids, when not derived from `commandId`. */
  eventId?: (event: Event, index: number) => string;
  metadata?: Metadata;
  /** Pins the version the caller saw (e.g. from an If-Match header): no retry on conflict then. */
  expectedVersion?: ExpectedVersion;
}

export interface HandleResult<Event, State> {
  events: Event[];
  state: State;
  nextExpectedVersion: number;
  /** True when the command had been handled before: `events` are the ones it appended then. */
  replayed: boolean;
}

export interface CommandHandler<Command, Event, State> {
  handle(streamId: string, command: Command, options?: HandleOptions<Event>): Promise<HandleResult<Event, State>>;
}

/** The events a command appended earlier (their ids derive from its id), in order. */
function eventsOfCommand(events: readonly RecordedEvent[], commandId: string): RecordedEvent[] {
  const byId = new Map(events.map((recorded) => [recorded.id, recorded]));
  const found: RecordedEvent[] = [];
  for (let recorded = byId.get(commandEventId(commandId, 0)); recorded; recorded = byId.get(commandEventId(commandId, found.length))) {
    found.push(recorded);
  }
  return found;
}

function eventIdOf<Event>(options: HandleOptions<Event>, event: Event, index: number): string {
  if (options.commandId !== undefined) return commandEventId(options.commandId, index);
  return options.eventId?.(event, index) ?? randomUUID();
}

/**
 * Read the stream (or take it from the stream cache), fold it, decide, append with the read version as
 * expected version, retried when another writer got in first. No transaction spans the attempt: the
 * expected version guards the decision, and the append carries the side inserts in its one statement.
 * Domain errors from `decide` on a fresh read propagate unchanged.
 */
export function createCommandHandler<Command, Event, State>(options: CommandHandlerOptions<Command, Event, State>): CommandHandler<Command, Event, State> {
  const { pool, decider, streamCache } = options;
  // Without a codec, Event is `{ type, data }` (enforced by CodecOption).
  const codec = (options.codec ?? jsonEventCodec()) as EventCodec<Event>;
  const maxAttempts = options.maxAttempts ?? 5;

  /** Appends what was decided on `basis` at its version; the cache learns the outcome. */
  async function appendDecision(
    streamId: string,
    events: Event[],
    handleOptions: HandleOptions<Event>,
    basis: CachedStream<State>,
  ): Promise<HandleResult<Event, State>> {
    if (events.length === 0) return { events, state: basis.state, nextExpectedVersion: basis.version, replayed: false };
    const metadata = handleOptions.metadata ?? {};
    const stored = events.map((event, index) => ({ id: eventIdOf(handleOptions, event, index), ...codec.encode(event), metadata }));
    const pending = events.map((event, index): PendingEvent<Event> => {
      const { id, type } = stored[index] as (typeof stored)[number];
      return { event, id, streamId, streamPosition: basis.version + index + 1, type, metadata };
    });
    const after = fold(decider, basis.state, events);
    const result = await append(pool, streamId, stored, handleOptions.expectedVersion ?? basis.version, {
      sideInserts: [...(options.sideInserts?.(pending, after) ?? []), ...(handleOptions.sideInserts ?? [])],
    });
    if (!result.alreadyStored) {
      options.notifier?.notify();
      streamCache?.set(streamId, {
        version: result.nextExpectedVersion,
        state: after,
        eventIds: new Set([...basis.eventIds, ...stored.map((event) => event.id)]),
      });
    }
    return { events, state: after, nextExpectedVersion: result.nextExpectedVersion, replayed: result.alreadyStored };
  }

  /** On the cache's guess: the result if it was stored as decided, null when a fresh read must decide. */
  async function onGuess(streamId: string, command: Command, handleOptions: HandleOptions<Event>): Promise<HandleResult<Event, State> | null> {
    if (!streamCache || handleOptions.expectedVersion !== undefined) return null;
    const basis = streamCache.get(streamId) ?? { version: 0, state: decider.initialState(), eventIds: new Set<string>() };
    if (handleOptions.commandId !== undefined && basis.eventIds.has(commandEventId(handleOptions.commandId, 0))) return null;
    let events: Event[];
    try {
      events = decider.decide(command, basis.state);
    } catch {
      return null; // a refusal on a guess says nothing yet
    }
    if (events.length === 0) return null;
    try {
      const result = await appendDecision(streamId, events, handleOptions, basis);
      // Stored before, by a retry the guess did not know of: the fresh read answers with the first outcome.
      return result.replayed ? null : result;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      streamCache.delete(streamId);
      return null;
    }
  }

  async function onFreshRead(streamId: string, command: Command, handleOptions: HandleOptions<Event>): Promise<HandleResult<Event, State>> {
    const stream = await readStream(pool, streamId);
    const state = fold(
      decider,
      decider.initialState(),
      stream.events.map((recorded) => codec.decode(recorded)),
    );
    const basis = { version: stream.version, state, eventIds: new Set(stream.events.map((recorded) => recorded.id)) };
    streamCache?.set(streamId, basis);
    if (handleOptions.commandId !== undefined) {
      const earlier = eventsOfCommand(stream.events, handleOptions.commandId);
      if (earlier.length > 0) return { events: earlier.map((recorded) => codec.decode(recorded)), state, nextExpectedVersion: stream.version, replayed: true };
    }
    return appendDecision(streamId, decider.decide(command, state), handleOptions, basis);
  }

  const attempt = async (streamId: string, command: Command, handleOptions: HandleOptions<Event>, attemptNumber: number) =>
    (attemptNumber === 1 ? await onGuess(streamId, command, handleOptions) : null) ?? onFreshRead(streamId, command, handleOptions);

  return {
    async handle(streamId, command, handleOptions = {}) {
      for (let attemptNumber = 1; ; attemptNumber += 1) {
        try {
          return await attempt(streamId, command, handleOptions, attemptNumber);
        } catch (error) {
          const retryable = error instanceof WrongExpectedVersionError && handleOptions.expectedVersion === undefined;
          if (!retryable || attemptNumber >= maxAttempts) throw error;
        }
      }
    },
  };
}
