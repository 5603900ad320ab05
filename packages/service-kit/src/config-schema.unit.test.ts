import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { kafkaBusSettings, kafkaSettings, perServiceSetting } from './config-schema.ts';

const schema = z.object(kafkaSettings);

describe('the Kafka settings of an app', () => {
  it('passes the consumer timings that are set, and leaves the others to the bus defaults', () => {
    const config = schema.parse({
      KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092',
      KAFKA_SESSION_TIMEOUT_MS: '8000',
      KAFKA_MAX_WAIT_MS: '',
      KAFKA_HEARTBEAT_INTERVAL_MS: '2000',
    });
    expect(kafkaBusSettings(config)).toEqual({ brokers: ['kafka-1:9092', 'kafka-2:9092'], consumer: { sessionTimeoutMs: 8000, heartbeatIntervalMs: 2000 } });
    expect(kafkaBusSettings(schema.parse({ KAFKA_BROKERS: 'kafka:9092' })).consumer).toEqual({});
  });

  it('refuses a timing that is not a positive whole number of milliseconds', () => {
    for (const value of ['0', '-5', '1.5', 'soon']) {
      expect(schema.safeParse({ KAFKA_BROKERS: 'kafka:9092', KAFKA_REBALANCE_TIMEOUT_MS: value }).success).toBe(false);
    }
  });
});

describe('a setting by service', () => {
  const replicas = perServiceSetting(z.string().transform(Number).pipe(z.number().int().min(1)));

  it('reads `service=value` pairs, skipping empty ones, and is empty when unset', () => {
    expect(replicas.parse(' attendance = 2, ,reporting=3')).toEqual({ attendance: 2, reporting: 3 });
    expect(replicas.parse(undefined)).toEqual({});
  });

  it('refuses an unknown service, a pair without a value and a value its schema refuses', () => {
    for (const value of ['payroll=2', 'attendance', 'attendance=0', 'attendance=1=2']) expect(replicas.safeParse(value).success).toBe(false);
  });
});
