import { Partitioners, type Kafka, type TopicMessages } from 'kafkajs';

export interface KafkaPublisher {
  connect(): Promise<void>;
  send(topicMessages: TopicMessages[]): Promise<void>;
  isConnected(): boolean;
  disconnect(): Promise<void>;
}

/**
 * A producer that connects on first use. Not idempotent (librdkafka's mock cluster rejects that)
 * but with one request in flight, so a retried send cannot overtake the next one and order per key holds.
 */
export function createKafkaPublisher(kafka: Kafka): KafkaPublisher {
  const producer = kafka.producer({
    idempotent: false,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  let connected = false;
  let connecting: Promise<void> | undefined;
  producer.on(producer.events.CONNECT, () => void (connected = true));
  producer.on(producer.events.DISCONNECT, () => void (connected = false));

  function connect(): Promise<void> {
    connecting ??= producer.connect().catch((error: unknown) => {
      connecting = undefined; // the next send tries again
      throw error;
    });
    return connecting;
  }

  return {
    connect,
    async send(topicMessages) {
      if (topicMessages.length === 0) return;
      await connect();
      await producer.sendBatch({ topicMessages, acks: -1 });
    },
    isConnected: () => connected,
    async disconnect() {
      if (!connecting) return;
      await connecting.catch(() => undefined);
      await producer.disconnect();
      connecting = undefined;
    },
  };
}
