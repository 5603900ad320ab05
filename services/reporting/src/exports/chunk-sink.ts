import { Writable } from 'node:stream';

/** Bytes gathered before a chunk is stored: a few round trips per megabyte, little memory held. */
const CHUNK_BYTES = 512 * 1024;

/**
 * A writable that hands what is written to `store` in numbered chunks of about CHUNK_BYTES, the last one when
 * the stream ends. Chunks are stored one at a time, in order, while the next one fills: the writer waits
 * (backpressure) only when a full chunk is ready and the previous one is still being stored.
 */
export function chunkSink(store: (seq: number, bytes: Buffer) => Promise<void>): Writable {
  let pending: Buffer[] = [];
  let size = 0;
  let seq = 0;
  let storing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (size === 0) return;
    const bytes = Buffer.concat(pending, size);
    const at = seq++;
    pending = [];
    size = 0;
    storing = storing.then(() => store(at, bytes));
    // Seen by the next write or by `final`; until then a failure must not count as unhandled.
    storing.catch(() => undefined);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      size += chunk.length;
      if (size < CHUNK_BYTES) return done();
      const previous = storing;
      flush();
      previous.then(() => done(), done);
    },
    final(done) {
      flush();
      storing.then(() => done(), done);
    },
  });
}
