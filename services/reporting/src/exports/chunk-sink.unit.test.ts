import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chunkSink } from './chunk-sink.ts';

const KB = 1024;
const pieces = (count: number, size: number) => Array.from({ length: count }, (_, index) => Buffer.alloc(size, index % 256));

describe('chunkSink', () => {
  it('stores every byte in numbered chunks, in order, one store at a time', async () => {
    const stored: Array<{ seq: number; bytes: Buffer }> = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const sink = chunkSink(async (seq, bytes) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored.push({ seq, bytes });
      inFlight -= 1;
    });
    const written = pieces(40, 64 * KB);
    await pipeline(Readable.from(written), sink);
    expect(stored.map((chunk) => chunk.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(Buffer.concat(stored.map((chunk) => chunk.bytes)).equals(Buffer.concat(written))).toBe(true);
    expect(mostInFlight).toBe(1);
  });

  it('fails the stream when a chunk cannot be stored', async () => {
    const sink = chunkSink(async (seq) => {
      if (seq === 1) throw new Error('disk full');
    });
    await expect(pipeline(Readable.from(pieces(40, 64 * KB)), sink)).rejects.toThrow('disk full');
  });
});
