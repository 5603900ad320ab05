import { Writable } from 'node:stream';

/** Bytes gathered before a chunk is stored: a few round trips per megabyte, little memory held. */
const CHUNK_BYTES = 512 * 1024;

/**
 * A writable that hands what is written to `store` in numbered chunks of about CHUNK_BYTES, the last one when
 * the stream ends; the writer waits (backpressure) while a chunk is being stored.
 */
export function chunkSink(store: (seq: number, bytes: Buffer) => Promise<void>): Writable {
  let pending: Buffer[] = [];
  let size = 0;
  let seq = 0;
  const flush = async () => {
    if (size === 0) return;
    const bytes = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    await store(seq++, bytes);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      size += chunk.length;
      if (size < CHUNK_BYTES) done();
      else flush().then(() => done(), done);
    },
    final(done) {
      flush().then(() => done(), done);
    },
  });
}
