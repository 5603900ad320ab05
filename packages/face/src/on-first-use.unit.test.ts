import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('loads nothing until the first call asks for the value', () => {
    let loads = 0;
    const models = onFirstUse(() => Promise.resolve(++loads));
    expect(loads).toBe(0);
    expect(models.isLoaded()).toBe(false);
  });

  it('runs one load for calls that arrive while it is under way, and keeps its value for later calls', async () => {
    let loads = 0;
    let finish: (value: string) => void = () => {};
    const models = onFirstUse(() => {
      loads += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    const waiting = [models.get(), models.get(), models.get()];
    expect(models.isLoaded()).toBe(false);
    finish('models');
    expect(await Promise.all(waiting)).toEqual(['models', 'models', 'models']);
    expect(await models.get()).toBe('models');
    expect(loads).toBe(1);
    expect(models.isLoaded()).toBe(true);
  });

  it('fails every caller of a failed load with the mapped error, then loads again on the next call', async () => {
    let loads = 0;
    const models = onFirstUse(
      () => (++loads === 1 ? Promise.reject(new Error('disk not ready')) : Promise.resolve('models')),
      (cause) => new Error('unavailable', { cause }),
    );
    const first = await Promise.allSettled([models.get(), models.get()]);
    expect(first.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual(['unavailable', 'unavailable']);
    expect(models.isLoaded()).toBe(false);
    expect(await models.get()).toBe('models');
    expect(loads).toBe(2);
    expect(models.isLoaded()).toBe(true);
  });
});
