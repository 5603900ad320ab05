import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { logLevel } from 'kafkajs';
import { createKafkaBus, topicForFamily, type Bus, type KafkaBusOptions } from '@ams/bus';
import { startKafkaMock, type KafkaMock } from './index.ts';

// The mock cluster holds a group's first join for 3 s; short sessions and fetch waits keep tests to seconds.
export const testConsumerTuning = { sessionTimeoutMs: 3_000, heartbeatIntervalMs: 500, maxWaitTimeInMs: 100 };

export interface KafkaTestCluster {
  mock: KafkaMock;
  /** A real Kafka bus on the cluster (one per process a test plays), closed with the cluster. */
  bus(clientId: string, options?: Pick<KafkaBusOptions, 'onGroupJoin'>): Bus;
  close(): Promise<void>;
}

/** The mock cluster with a topic per event family, for services' integration tests of the Kafka adapter. */
export async function startKafkaTestCluster(families: readonly string[], partitions = 2): Promise<KafkaTestCluster> {
  const mock = await startKafkaMock();
  for (const family of families) await mock.createTopic(topicForFamily(family), partitions);
  const buses: Bus[] = [];
  return {
    mock,
    bus(clientId, options = {}) {
      const bus = createKafkaBus({ brokers: mock.brokers, clientId, consumer: testConsumerTuning, logLevel: logLevel.NOTHING, ...options });
      buses.push(bus);
      return bus;
    },
    async close() {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
      await mock.stop();
    },
  };
}

/** Polls until `probe` gives a value (not null, undefined or false) and returns it; fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

export interface LateKafkaCluster {
  /** Where the cluster will answer; nothing listens there before `start`. */
  brokers: string[];
  /** A bus on those brokers, for the process that starts before the broker (closed with the cluster). */
  bus(clientId: string): Bus;
  /** Starts the mock cluster and lets `brokers` reach it. */
  start(): Promise<KafkaTestCluster>;
  close(): Promise<void>;
}

/**
 * A Kafka test cluster whose address is known before it runs, for apps that start before their broker.
 * The mock picks its own port, so a forwarder on a reserved port leads to it once it is up.
 */
export async function reserveKafkaTestCluster(families: readonly string[], partitions = 2): Promise<LateKafkaCluster> {
  const port = await freePort();
  const buses: Bus[] = [];
  const sockets = new Set<Socket>();
  let forwarder: Server | undefined;
  let cluster: KafkaTestCluster | undefined;
  const brokers = [`127.0.0.1:${port}`];
  return {
    brokers,
    bus(clientId) {
      const bus = createKafkaBus({ brokers, clientId, consumer: testConsumerTuning, logLevel: logLevel.NOTHING });
      buses.push(bus);
      return bus;
    },
    async start() {
      cluster = await startKafkaTestCluster(families, partitions);
      const [host = '127.0.0.1', target = ''] = cluster.mock.brokers[0]?.split(':') ?? [];
      forwarder = createServer((socket) => {
        const upstream = connect(Number(target), host);
        for (const end of [socket, upstream]) {
          sockets.add(end);
          end.on('close', () => sockets.delete(end));
          end.on('error', () => undefined);
        }
        socket.on('close', () => upstream.destroy());
        upstream.on('close', () => socket.destroy());
        socket.pipe(upstream).pipe(socket);
      });
      forwarder.listen(port, '127.0.0.1');
      await once(forwarder, 'listening');
      return cluster;
    },
    async close() {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
      for (const socket of sockets) socket.destroy();
      forwarder?.close();
      await cluster?.close();
    },
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (address === null || typeof address === 'string') throw new Error('No port to reserve');
  return address.port;
}
