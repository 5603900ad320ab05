import { describe, expect, it } from 'vitest';
import { readAhead } from './export-run.ts';

describe('readAhead', () => {
  it('asks for the next item while the current one is being used, and hands out every item in order', async () => {
    const asked: number[] = [];
    async function* source(): AsyncGenerator<number> {
      for (let item = 0; item < 3; item += 1) {
        asked.push(item);
        yield item;
      }
    }
    const seen: Array<[number, number[]]> = [];
    for await (const item of readAhead(source())) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push([item, [...asked]]);
    }
    expect(seen).toEqual([
      [0, [0, 1]],
      [1, [0, 1, 2]],
      [2, [0, 1, 2]],
    ]);
  });

  it('passes on a failure of the source', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('connection lost');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(failing())) seen.push(item);
      })(),
    ).rejects.toThrow('connection lost');
    expect(seen).toEqual([1]);
  });
});
