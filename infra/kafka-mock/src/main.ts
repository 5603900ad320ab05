import { z } from 'zod';
import { startStandaloneBroker } from './standalone-broker.ts';

// `pnpm kafka-mock`: a Kafka-protocol broker for running the distributed stack without Kafka (see the README).
const config = z
  .object({
    KAFKA_MOCK_PORT: z.coerce.number().int().min(1).max(65_535).default(9092),
    TOPIC_PARTITIONS: z.coerce.number().int().positive().default(6),
  })
  .parse(process.env);

const broker = await startStandaloneBroker({ port: config.KAFKA_MOCK_PORT, partitions: config.TOPIC_PARTITIONS });
console.log(`Kafka mock broker ready: KAFKA_BROKERS=${broker.bootstrap}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void broker.stop().then(() => process.exit(0)));
}
