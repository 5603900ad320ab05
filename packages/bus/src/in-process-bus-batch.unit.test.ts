import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from './bus.ts';
import { createInProcessBus } from './in-process-bus.ts';

const fastRetry = { attempts: 2, initialDelayMs: 1, maxDelayMs: 1 };

function event(key: string, n: number): EventEnvelope {
  return { id: randomUUID(), type: 'attendance.WorkDayChanged', version: 1, key, occurredAt: new Date().toISOString(), payload: { n }, metadata: {} };
}

const numbers = (events: readonly EventEnvelope[]) => events.map((e) => (e.payload as { n: number }).n);

describe('in-process bus, batch delivery', () => {
  it('hands a publish’s events over together, in order, at most maxEvents at once', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    const batches: number[][] = [];
    await bus.subscribeBatch('reporting', ['ams.attendance'], async (events) => void batches.push(numbers(events)), { maxEvents: 4 });
    await bus.publish(Array.from({ length: 10 }, (_, n) => event(`employee-${n % 3}`, n)));
    expect(batches).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
  });

  it('gathers the events of publishes made while a batch is being handled into the next batch', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    const batches: number[][] = [];
    await bus.subscribeBatch('reporting', ['ams.attendance'], async (events) => void batches.push(numbers(events)), { maxEvents: 100 });
    await Promise.all([bus.publish([event('a', 1)]), bus.publish([event('b', 2)]), bus.publish([event('a', 3)])]);
    expect(batches.flat()).toEqual([1, 2, 3]);
    expect(batches.length).toBeLessThan(3);
  });

  it('retries a failed batch event by event, so only the bad event is dead-lettered', async () => {
    const deadLetters: EventEnvelope[] = [];
    const bus = createInProcessBus({ retry: fastRetry, onDeadLetter: (e) => deadLetters.push(e) });
    const handled: number[] = [];
    await bus.subscribeBatch(
      'reporting',
      ['ams.attendance'],
      async (events) => {
        if (numbers(events).includes(2)) throw new Error('event 2 is bad');
        handled.push(...numbers(events));
      },
      { maxEvents: 10 },
    );
    await bus.publish([event('a', 1), event('b', 2), event('c', 3)]);
    expect(handled).toEqual([1, 3]);
    expect(numbers(deadLetters)).toEqual([2]);
    expect(deadLetters[0]?.metadata['dead-letter-attempts']).toBe('2');
  });

  it('resolves publish only once the batch holding its events is handled', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    let handled = 0;
    await bus.subscribeBatch('reporting', ['ams.attendance'], async (events) => void (handled += events.length), { maxEvents: 2 });
    await bus.publish([event('a', 1), event('b', 2), event('c', 3)]);
    expect(handled).toBe(3);
  });
});
