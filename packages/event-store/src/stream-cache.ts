/** What a command handler remembers of a stream it wrote or read: enough to decide the next command without reading. */
export interface CachedStream<State> {
  version: number;
  state: State;
  /** The stream's event ids, to notice a command that was already handled. */
  eventIds: ReadonlySet<string>;
}

/**
 * The latest known state of recently used streams, least recently used ones forgotten first. It is
 * only ever a guess: a decision taken on it is stored only if the stream is still at the cached version
 * (the append's expected version), and anything else (a refusal, a conflict, a retried command) is
 * decided again on a fresh read. So replicas and other writers need no invalidation.
 */
export interface StreamCache<State> {
  get(streamId: string): CachedStream<State> | undefined;
  set(streamId: string, stream: CachedStream<State>): void;
  delete(streamId: string): void;
  readonly size: number;
}

export function createStreamCache<State>(options: { maxStreams: number }): StreamCache<State> {
  const streams = new Map<string, CachedStream<State>>();
  return {
    get(streamId) {
      const stream = streams.get(streamId);
      if (stream) {
        // Map keeps insertion order: re-inserting marks the stream as the most recently used.
        streams.delete(streamId);
        streams.set(streamId, stream);
      }
      return stream;
    },
    set(streamId, stream) {
      streams.delete(streamId);
      streams.set(streamId, stream);
      if (streams.size > options.maxStreams) streams.delete(streams.keys().next().value as string);
    },
    delete: (streamId) => void streams.delete(streamId),
    get size() {
      return streams.size;
    },
  };
}
