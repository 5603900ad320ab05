import { mkdir } from 'node:fs/promises';
import { givenSecrets, loadOrCreateSecrets } from '@ams/embedded/secrets';
import { failFastOnBadSetup } from '@ams/service-kit';
import { loadLauncherConfig } from './config.ts';
import { startDistributed } from './distributed.ts';

// `pnpm start:distributed`: the whole distributed topology on this machine, one process per app (see the README).
failFastOnBadSetup('start:distributed');
const config = loadLauncherConfig(process.env);
await mkdir(config.DATA_DIR, { recursive: true, mode: 0o700 });
const secrets = await loadOrCreateSecrets(config.DATA_DIR, givenSecrets(config));
const width = 'attendance-9'.length;
const system = await startDistributed({
  adminDatabaseUrl: config.DATABASE_URL,
  databasePrefix: config.DATABASE_PREFIX,
  ...(config.KAFKA_BROKERS && { kafkaBrokers: config.KAFKA_BROKERS }),
  brokerPort: config.KAFKA_MOCK_PORT,
  topicPartitions: config.TOPIC_PARTITIONS,
  host: config.HOST,
  gatewayPort: config.PORT,
  servicePort: (index) => config.SERVICE_PORT + index,
  replicas: config.REPLICAS,
  secrets,
  admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
  logLevel: config.LOG_LEVEL,
  env: process.env,
  output: (instance, line) => console.log(`${instance.padEnd(width)} | ${line}`),
}).catch((error: unknown) => {
  // The failing app's own line is above; the launcher stopped what it had started.
  console.error(`start:distributed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`Attendance Management System (distributed, Kafka at ${system.brokers.join(',')}) is ready at ${system.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Every app is stopped (SIGKILL after its grace time), so the launcher exits 0 once they are all gone.
    void system.stop().then((clean) => {
      console.log(clean ? 'Stopped.' : 'Stopped (some apps did not exit cleanly, see above).');
      process.exit(0);
    });
  });
}
