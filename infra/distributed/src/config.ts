import { z } from 'zod';
import { launcherSettings } from '@ams/embedded/launcher-settings';
import { optionalSetting, perServiceSetting } from '@ams/service-kit';

const port = z.coerce.number().int().min(1).max(65_535);

const configSchema = z.object({
  ...launcherSettings('./data-distributed'),
  /** Any database on the PostgreSQL server (15+); the apps' databases are created beside it. */
  DATABASE_URL: z.url(),
  DATABASE_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'DATABASE_PREFIX takes lower-case letters, digits and _')
    .default('ams_'),
  /** An existing Kafka whose topics infra/kafka-topics made; without it the mock broker runs on KAFKA_MOCK_PORT. */
  KAFKA_BROKERS: optionalSetting.transform((value) => value?.split(',').map((broker) => broker.trim())),
  KAFKA_MOCK_PORT: port.default(9092),
  TOPIC_PARTITIONS: z.coerce.number().int().positive().default(6),
  /** The first service's port; the others (and replicas) follow. */
  SERVICE_PORT: port.default(8081),
  /** Replicas per service, e.g. `attendance=2,reporting=2`. */
  REPLICAS: perServiceSetting(z.string().transform(Number).pipe(z.number().int().min(1).max(9))),
});

export type LauncherConfig = z.infer<typeof configSchema>;

/** `pnpm start:distributed`'s settings, read once at start. */
export function loadLauncherConfig(env: NodeJS.ProcessEnv): LauncherConfig {
  return configSchema.parse(env);
}
