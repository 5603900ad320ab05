import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from './bus.ts';
import { deadLetterTopic } from './bus.ts';
import { createInProcessBus } from './in-process-bus.ts';

const fastRetry = { attempts: 3, initialDelayMs: 1, maxDelayMs: 5 };

function event(key: string, n: number, type = 'employee.EmployeeCreated'): EventEnvelope {
  return { id: randomUUID(), type, version: 1, key, occurredAt: new Date().toISOString(), payload: { n }, metadata: {} };
}

describe('in-process bus', () => {
  it('delivers every event once to each consumer group of its topic and to no other topic', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    const seen: Record<string, number[]> = { reporting: [], leave: [], schedules: [] };
    await bus.subscribe('reporting', ['ams.employee'], async (e) => void seen.reporting?.push((e.payload as { n: number }).n));
    await bus.subscribe('leave', ['ams.employee'], async (e) => void seen.leave?.push((e.payload as { n: number }).n));
    await bus.subscribe('schedules', ['ams.schedule'], async (e) => void seen.schedules?.push((e.payload as { n: number }).n));
    await bus.publish([event('a', 1), event('b', 2)]);
    expect(seen).toEqual({ reporting: [1, 2], leave: [1, 2], schedules: [] });
  });

  it('splits a group between its members so each event is handled by one member only', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    const byMember: string[][] = [[], []];
    await bus.subscribe('reporting', ['ams.employee'], async (e) => void byMember[0]?.push(e.key));
    await bus.subscribe('reporting', ['ams.employee'], async (e) => void byMember[1]?.push(e.key));
    const keys = Array.from({ length: 40 }, (_, i) => `employee-${i}`);
    await bus.publish(keys.map((key, i) => event(key, i)));
    expect([...(byMember[0] ?? []), ...(byMember[1] ?? [])].sort()).toEqual([...keys].sort());
    expect(byMember[0]?.length).toBeGreaterThan(0);
    expect(byMember[1]?.length).toBeGreaterThan(0);
  });

  it('keeps the order of one key even when an earlier event is slower to handle', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    const handled: number[] = [];
    await bus.subscribe('reporting', ['ams.employee'], async (e) => {
      const n = (e.payload as { n: number }).n;
      if (n === 1) await sleep(30);
      handled.push(n);
    });
    await Promise.all([bus.publish([event('same', 1)]), bus.publish([event('same', 2)]), bus.publish([event('same', 3)])]);
    expect(handled).toEqual([1, 2, 3]);
  });

  it('resolves publish only after every group has handled the event', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    let done = false;
    await bus.subscribe('slow', ['ams.employee'], async () => {
      await sleep(20);
      done = true;
    });
    await bus.publish([event('a', 1)]);
    expect(done).toBe(true);
  });

  it('retries a failing handler and succeeds when a later attempt works', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    let attempts = 0;
    await bus.subscribe('flaky', ['ams.employee'], async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('database restarting');
    });
    const deadLetters: EventEnvelope[] = [];
    await bus.subscribe('ops', [deadLetterTopic('flaky')], async (e) => void deadLetters.push(e));
    await bus.publish([event('a', 1)]);
    expect(attempts).toBe(3);
    expect(deadLetters).toEqual([]);
  });

  it('moves an event to the dead-letter topic after the last failed attempt and goes on with the next', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    const handled: number[] = [];
    let attempts = 0;
    await bus.subscribe('projector', ['ams.employee'], async (e) => {
      const n = (e.payload as { n: number }).n;
      if (n === 1) {
        attempts += 1;
        throw new Error('poison');
      }
      handled.push(n);
    });
    const deadLetters: EventEnvelope[] = [];
    await bus.subscribe('ops', [deadLetterTopic('projector')], async (e) => void deadLetters.push(e));
    const poison = event('k', 1);
    await bus.publish([poison, event('k', 2)]);
    expect(attempts).toBe(3);
    expect(handled).toEqual([2]);
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toMatchObject({
      id: poison.id,
      metadata: {
        'dead-letter-group': 'projector',
        'dead-letter-source-topic': 'ams.employee',
        'dead-letter-attempts': '3',
        'dead-letter-error': 'poison',
      },
    });
  });

  it('stops delivering to a member once its subscription stopped', async () => {
    const bus = createInProcessBus({ retry: fastRetry });
    const handled: number[] = [];
    const subscription = await bus.subscribe('reporting', ['ams.employee'], async (e) => void handled.push((e.payload as { n: number }).n));
    await bus.publish([event('a', 1)]);
    await subscription.stop();
    await bus.publish([event('a', 2)]);
    expect(handled).toEqual([1]);
  });
});
