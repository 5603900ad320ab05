import { deliverBatch } from './batch-delivery.ts';
import type { BatchHandler, BatchOptions, Bus, EventEnvelope, EventHandler, Subscription } from './bus.ts';
import { deadLetterTopic, toDeadLetter, topicOf } from './bus.ts';
import { defaultRetryPolicy, runWithRetries, type RetryPolicy } from './retry.ts';

/** An event waiting for a batch member, and the publish waiting for it. */
interface Waiting {
  topic: string;
  event: EventEnvelope;
  settled: () => void;
}

/** A batch member hands its waiting events over in arrival order, one batch at a time (as a Kafka partition). */
interface BatchQueue {
  handler: BatchHandler;
  maxEvents: number;
  waiting: Waiting[];
  draining: boolean;
}

interface Member {
  topics: ReadonlySet<string>;
  handler: EventHandler;
  inFlight: Set<Promise<void>>;
  abort: AbortController;
  batch?: BatchQueue;
}

export interface InProcessBusOptions {
  retry?: RetryPolicy;
  onDeadLetter?: (event: EventEnvelope) => void;
}

function hashOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash);
}

/**
 * The bus for the embedded single-process mode, with Kafka's semantics: every consumer group gets
 * each event of its topics once (one member per key, like a partition), in order per key, with
 * retries and a dead-letter topic. `publish` resolves when every group has handled the events, so
 * the outbox relay marks them published only then. Nothing is retained for groups that subscribe later.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const retry = options.retry ?? defaultRetryPolicy;
  const groups = new Map<string, Member[]>();
  /** Tail of the delivery chain per group and key: the next event of that key waits for it. */
  const tails = new Map<string, Promise<void>>();
  let closed = false;

  async function giveUp(group: string, topic: string, event: EventEnvelope, outcome: { attempts: number; error: unknown }): Promise<void> {
    const deadLetter = toDeadLetter(event, { group, sourceTopic: topic, attempts: outcome.attempts, error: outcome.error });
    options.onDeadLetter?.(deadLetter);
    await dispatch(deadLetterTopic(group), deadLetter);
  }

  async function deliver(group: string, member: Member, topic: string, event: EventEnvelope): Promise<void> {
    const outcome = await runWithRetries(() => member.handler(event), retry, member.abort.signal);
    if (!outcome.ok) await giveUp(group, topic, event, outcome);
  }

  /** Hands the member's waiting events over in batches until none wait; one drain at a time keeps the order. */
  async function drain(group: string, member: Member, queue: BatchQueue): Promise<void> {
    queue.draining = true;
    try {
      // Lets the rest of a publish's events join the first batch.
      await Promise.resolve();
      while (queue.waiting.length > 0 && !member.abort.signal.aborted) {
        const batch = queue.waiting.splice(0, queue.maxEvents);
        try {
          await deliverBatch(batch, {
            handler: queue.handler,
            retry,
            signal: member.abort.signal,
            eventOf: (waiting) => waiting.event,
            giveUp: (waiting, outcome) => giveUp(group, waiting.topic, waiting.event, outcome),
          });
        } finally {
          for (const waiting of batch) waiting.settled();
        }
      }
    } finally {
      queue.draining = false;
      // Stopped: nothing is kept for later, as for groups that subscribe later.
      for (const waiting of queue.waiting.splice(0)) waiting.settled();
    }
  }

  function enqueueForBatch(group: string, member: Member, queue: BatchQueue, topic: string, event: EventEnvelope): Promise<void> {
    const handled = new Promise<void>((settled) => queue.waiting.push({ topic, event, settled }));
    if (!queue.draining) {
      const draining = drain(group, member, queue);
      member.inFlight.add(draining);
      void draining.finally(() => member.inFlight.delete(draining));
    }
    return handled;
  }

  function enqueue(group: string, member: Member, topic: string, event: EventEnvelope): Promise<void> {
    const tailKey = `${group}\u0000${event.key}`;
    const previous = tails.get(tailKey) ?? Promise.resolve();
    const next = previous.then(() => deliver(group, member, topic, event));
    tails.set(tailKey, next);
    member.inFlight.add(next);
    void next.finally(() => {
      member.inFlight.delete(next);
      if (tails.get(tailKey) === next) tails.delete(tailKey);
    });
    return next;
  }

  function dispatch(topic: string, event: EventEnvelope): Promise<void> {
    const deliveries: Promise<void>[] = [];
    for (const [group, members] of groups) {
      const candidates = members.filter((member) => member.topics.has(topic));
      const member = candidates[hashOf(event.key) % Math.max(candidates.length, 1)];
      if (member?.batch) deliveries.push(enqueueForBatch(group, member, member.batch, topic, event));
      else if (member) deliveries.push(enqueue(group, member, topic, event));
    }
    return Promise.all(deliveries).then(() => undefined);
  }

  async function join(group: string, member: Member): Promise<Subscription> {
    if (closed) throw new Error('The bus is closed');
    groups.set(group, [...(groups.get(group) ?? []), member]);
    return {
      async stop() {
        const remaining = (groups.get(group) ?? []).filter((other) => other !== member);
        if (remaining.length > 0) groups.set(group, remaining);
        else groups.delete(group);
        member.abort.abort();
        await Promise.allSettled([...member.inFlight]);
      },
    };
  }

  return {
    async publish(events) {
      if (closed) throw new Error('The bus is closed');
      await Promise.all(events.map((event) => dispatch(topicOf(event.type), event)));
    },

    subscribe(group, topics, handler) {
      return join(group, { topics: new Set(topics), handler, inFlight: new Set(), abort: new AbortController() });
    },

    subscribeBatch(group, topics, handler, batchOptions: BatchOptions) {
      const queue: BatchQueue = { handler, maxEvents: Math.max(1, batchOptions.maxEvents), waiting: [], draining: false };
      const one: EventHandler = (event) => handler([event]);
      return join(group, { topics: new Set(topics), handler: one, inFlight: new Set(), abort: new AbortController(), batch: queue });
    },

    async isReady() {
      return !closed;
    },

    async close() {
      closed = true;
      const members = [...groups.values()].flat();
      groups.clear();
      for (const member of members) member.abort.abort();
      await Promise.allSettled(members.flatMap((member) => [...member.inFlight]));
    },
  };
}
