import { describe, expect, it } from 'vitest';
import { createStreamCache } from './stream-cache.ts';

const stream = (version: number) => ({ version, state: version, eventIds: new Set<string>() });

describe('stream cache', () => {
  it('forgets the least recently used stream first once it holds more than its maximum', () => {
    const cache = createStreamCache<number>({ maxStreams: 2 });
    cache.set('a', stream(1));
    cache.set('b', stream(2));
    expect(cache.get('a')?.version).toBe(1);
    cache.set('c', stream(3));
    expect([cache.get('a')?.version, cache.get('b'), cache.get('c')?.version]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('keeps the latest state written for a stream and forgets a deleted one', () => {
    const cache = createStreamCache<number>({ maxStreams: 2 });
    cache.set('a', stream(1));
    cache.set('a', stream(2));
    expect(cache.get('a')?.version).toBe(2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
