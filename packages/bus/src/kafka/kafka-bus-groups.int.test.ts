import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logLevel } from 'kafkajs';
import { startKafkaMock, type KafkaMock } from '@ams/kafka-mock';
import { reserveKafkaTestCluster } from '@ams/kafka-mock/test-cluster';
import type { Bus, EventEnvelope, Subscription } from '../bus.ts';
import { createKafkaBus } from './kafka-bus.ts';
import type { GroupJoin } from './kafka-consumer.ts';
import { keysOnEveryPartition, partitionOf, testEvent, testTuning, until } from './kafka-test-support.ts';

const PARTITIONS = 4;
let mock: KafkaMock;
const buses: Bus[] = [];

beforeAll(async () => {
  mock = await startKafkaMock({ brokers: 3 });
  await mock.createTopic('ams.roster', PARTITIONS);
  await mock.createTopic('ams.shift', PARTITIONS);
  await mock.createTopic('ams.left', PARTITIONS);
  await mock.createTopic('ams.right', PARTITIONS);
});

afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

afterAll(async () => {
  await mock?.stop();
});

/** One bus per member, as two service replicas would each have. */
function member(name: string, joins: Map<string, GroupJoin>): Bus {
  const bus = createKafkaBus({
    brokers: mock.brokers,
    clientId: name,
    consumer: testTuning,
    logLevel: logLevel.NOTHING,
    onGroupJoin: (join) => joins.set(name, join),
  });
  buses.push(bus);
  return bus;
}

function partitionsOf(join: GroupJoin | undefined, topic: string): number[] {
  return [...(join?.assignment[topic] ?? [])].sort();
}

/**
 * Waits until the members' latest assignments split every partition between them. The mock may need
 * a few generations: it rejects a follower's SyncGroup that arrives after the leader's, and the
 * bus then restarts that member.
 */
async function groupSettled(joins: Map<string, GroupJoin>, names: readonly string[], topic: string): Promise<void> {
  await until(
    () => {
      const owned = names.map((name) => partitionsOf(joins.get(name), topic));
      const all = owned.flat().sort();
      return owned.every((partitions) => partitions.length > 0) && all.join() === [0, 1, 2, 3].join();
    },
    `${names.join(' and ')} to share ${topic}`,
  );
}

/** Each key's events, numbered 0..perKey-1 in publishing order. */
function eventsFor(family: string, keys: readonly string[], perKey: number): EventEnvelope[] {
  return Array.from({ length: perKey }, (_, n) => keys.map((key) => testEvent(family, key, { n }))).flat();
}

describe('Kafka bus consumer groups', () => {
  it('gives each subscription of one service group the events of its own topics', async () => {
    const joins = new Map<string, GroupJoin>();
    const bus = member('service', joins);
    const lefts: EventEnvelope[] = [];
    const rights: EventEnvelope[] = [];
    await bus.subscribe('two-topics', ['ams.left'], async (event) => void lefts.push(event));
    await bus.subscribe('two-topics', ['ams.right'], async (event) => void rights.push(event));
    const publisher = createKafkaBus({ brokers: mock.brokers, clientId: 'publisher', logLevel: logLevel.NOTHING });
    buses.push(publisher);
    await publisher.publish([...eventsFor('left', ['a', 'b'], 2), ...eventsFor('right', ['c', 'd'], 2)]);
    await until(() => lefts.length === 4 && rights.length === 4, 'both subscriptions to get their events');
    expect(lefts.every((event) => event.type.startsWith('left.'))).toBe(true);
    expect(rights.every((event) => event.type.startsWith('right.'))).toBe(true);
  });

  it('splits the partitions between two members and consumes every event once, in order per key', async () => {
    const joins = new Map<string, GroupJoin>();
    const handled: Array<{ member: string; event: EventEnvelope }> = [];
    const [first, second] = [member('first', joins), member('second', joins)];
    // Subscribing together puts both members in the group's first generation.
    await Promise.all(
      [first, second].map((bus, i) =>
        bus.subscribe('roster-reporting', ['ams.roster'], async (event) => void handled.push({ member: i === 0 ? 'first' : 'second', event })),
      ),
    );
    await groupSettled(joins, ['first', 'second'], 'ams.roster');

    const keys = keysOnEveryPartition('employee', PARTITIONS, 3);
    const events = eventsFor('roster', keys, 5);
    const publisher = createKafkaBus({ brokers: mock.brokers, clientId: 'publisher', logLevel: logLevel.NOTHING });
    buses.push(publisher);
    await publisher.publish(events);
    await until(() => handled.length >= events.length, 'every event to be handled');
    await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to show up

    const firstPartitions = partitionsOf(joins.get('first'), 'ams.roster');
    const secondPartitions = partitionsOf(joins.get('second'), 'ams.roster');
    expect(firstPartitions.length).toBeGreaterThan(0);
    expect(secondPartitions.length).toBeGreaterThan(0);
    expect([...firstPartitions, ...secondPartitions].sort()).toEqual([0, 1, 2, 3]);

    expect(handled.map(({ event }) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    for (const name of ['first', 'second']) {
      const own = name === 'first' ? firstPartitions : secondPartitions;
      const mine = handled.filter((entry) => entry.member === name);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every(({ event }) => own.includes(partitionOf(event.key, PARTITIONS)))).toBe(true);
    }
    for (const key of keys) {
      const sequence = handled.filter(({ event }) => event.key === key).map(({ event }) => (event.payload as { n: number }).n);
      expect(sequence).toEqual([0, 1, 2, 3, 4]);
    }
    // The envelope arrives whole: metadata and occurredAt survive the trip.
    const sample = events[0];
    expect(handled.find(({ event }) => event.id === sample?.id)?.event).toEqual(sample);
  });

  it('hands a leaving member’s partitions to the survivor, which then gets the new events of every partition', async () => {
    const joins = new Map<string, GroupJoin>();
    const handledBy = { staying: [] as EventEnvelope[], leaving: [] as EventEnvelope[] };
    const [staying, leaving] = [member('staying', joins), member('leaving', joins)];
    const subscriptions: Subscription[] = await Promise.all([
      staying.subscribe('shift-reporting', ['ams.shift'], async (event) => void handledBy.staying.push(event)),
      leaving.subscribe('shift-reporting', ['ams.shift'], async (event) => void handledBy.leaving.push(event)),
    ]);
    await groupSettled(joins, ['staying', 'leaving'], 'ams.shift');

    const keys = keysOnEveryPartition('schedule', PARTITIONS, 2);
    const before = eventsFor('shift', keys, 2);
    await staying.publish(before);
    await until(() => handledBy.staying.length + handledBy.leaving.length >= before.length, 'the first events');
    const handledByLeaver = handledBy.leaving.map((event) => event.id);
    expect(handledByLeaver.length).toBeGreaterThan(0);

    // Stop waits for the leaver's commits, then it leaves; these events arrive during the rebalance.
    await subscriptions[1]?.stop();
    const after = eventsFor('shift', keys, 3);
    await staying.publish(after);
    const afterIds = new Set(after.map((event) => event.id));
    const survivorGot = () => new Set(handledBy.staying.filter((event) => afterIds.has(event.id)).map((event) => event.id));
    await until(() => survivorGot().size === after.length, 'the survivor to handle the later events');

    expect(partitionsOf(joins.get('staying'), 'ams.shift')).toEqual([0, 1, 2, 3]);
    expect(handledBy.leaving.map((event) => event.id)).toEqual(handledByLeaver);
    const survivorPartitions = new Set(handledBy.staying.filter((event) => afterIds.has(event.id)).map((event) => partitionOf(event.key, PARTITIONS)));
    expect([...survivorPartitions].sort()).toEqual([0, 1, 2, 3]);
    // Nothing was lost, and what the leaver handled (and committed) never reached the survivor.
    const everything = new Set([...handledBy.staying, ...handledBy.leaving].map((event) => event.id));
    expect([...everything].sort()).toEqual([...before, ...after].map((event) => event.id).sort());
    expect(handledBy.staying.some((event) => handledByLeaver.includes(event.id))).toBe(false);
  });

  it('is ready while the cluster answers and not after close', async () => {
    const bus = createKafkaBus({ brokers: mock.brokers, clientId: 'probe', logLevel: logLevel.NOTHING });
    expect(await bus.isReady()).toBe(true);
    await bus.close();
    expect(await bus.isReady()).toBe(false);
    await expect(bus.publish([testEvent('roster', 'employee-1')])).rejects.toThrow('closed');
  });

  it('subscribes at once while no broker answers, joins once one does, and closes in bounded time after it is gone', async () => {
    const late = await reserveKafkaTestCluster(['late'], 2);
    try {
      const bus = late.bus('early-member');
      const got: EventEnvelope[] = [];
      await bus.subscribe('late-readers', ['ams.late'], async (event) => void got.push(event));
      expect(await bus.isReady()).toBe(false);

      const cluster = await late.start();
      await cluster.bus('late-publisher').publish([testEvent('late', 'key-1')]);
      await until(() => got.length === 1, 'the member to join and get the event');
      await until(() => bus.isReady(), 'the bus to be ready');

      await cluster.mock.stop();
      await bus.close();
      expect(await bus.isReady()).toBe(false);
    } finally {
      await late.close();
    }
  });
});
