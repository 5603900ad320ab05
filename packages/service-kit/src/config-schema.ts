import { z } from 'zod';
import type { ConsumerTuning } from '@ams/bus';
import { upstreamServices, type UpstreamService } from '@ams/contracts';

/** An optional text setting; an empty variable (as compose passes an unset one) counts as not set. */
export const optionalSetting = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** A shared secret setting, long enough to resist guessing. */
export function secretSetting(name: string) {
  return z.string().min(32, `${name} must be at least 32 characters`);
}

/** A duration setting in milliseconds; unset (or empty) leaves the library default. */
const optionalMilliseconds = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().positive().optional());

/**
 * The face analysis threads of an app that analyses faces (attendance, people, the embedded product): unset means
 * min(2, cores); 0 analyses on the app's own thread (a one-core machine saves the threads' memory, ~150 MB each).
 */
export const faceSettings = {
  FACE_WORKERS: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(16).optional()),
};

/**
 * The Kafka settings every app in distributed mode reads: the brokers, and the consumer groups'
 * timings (unset ones take the bus's defaults: a 6 s session, 1 s heartbeat, 10 s rebalance, 100 ms fetch wait).
 */
export const kafkaSettings = {
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((value) => value.split(',').map((broker) => broker.trim())),
  KAFKA_SESSION_TIMEOUT_MS: optionalMilliseconds,
  KAFKA_HEARTBEAT_INTERVAL_MS: optionalMilliseconds,
  KAFKA_REBALANCE_TIMEOUT_MS: optionalMilliseconds,
  KAFKA_MAX_WAIT_MS: optionalMilliseconds,
};

type KafkaConfig = z.infer<z.ZodObject<typeof kafkaSettings>>;

/** The options of `createKafkaBus` that come from `kafkaSettings`. */
export function kafkaBusSettings(config: KafkaConfig): { brokers: string[]; consumer: ConsumerTuning } {
  const consumer: ConsumerTuning = {};
  if (config.KAFKA_SESSION_TIMEOUT_MS !== undefined) consumer.sessionTimeoutMs = config.KAFKA_SESSION_TIMEOUT_MS;
  if (config.KAFKA_HEARTBEAT_INTERVAL_MS !== undefined) consumer.heartbeatIntervalMs = config.KAFKA_HEARTBEAT_INTERVAL_MS;
  if (config.KAFKA_REBALANCE_TIMEOUT_MS !== undefined) consumer.rebalanceTimeoutMs = config.KAFKA_REBALANCE_TIMEOUT_MS;
  if (config.KAFKA_MAX_WAIT_MS !== undefined) consumer.maxWaitTimeInMs = config.KAFKA_MAX_WAIT_MS;
  return { brokers: config.KAFKA_BROKERS, consumer };
}

/**
 * A setting of comma-separated `service=value` pairs (`attendance=2,reporting=2`), read into a map by service;
 * each value (the text after the first `=`, trimmed) is read and checked by `value`.
 */
export function perServiceSetting<T>(value: z.ZodType<T, string>) {
  return z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .filter((pair) => pair.trim() !== '')
        .map((pair) => {
          const at = pair.indexOf('=');
          return at < 0 ? [pair.trim()] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
        }),
    )
    .pipe(z.array(z.tuple([z.enum(upstreamServices), value])))
    .transform((pairs): Partial<Record<UpstreamService, T>> => Object.fromEntries(pairs));
}
