import { createInProcessBus, topicForFamily, type Bus, type EventEnvelope } from '@ams/bus';
import type { EventFamily } from '@ams/contracts';
import type { MigrationSource, Pool } from '@ams/db';
import { createMigratedTestDatabase, type TestDatabase } from '@ams/db/testing';
import type { ServiceApp } from '../build-service.ts';
import { signInjectedRequests, TEST_INTERNAL_SECRET } from './caller-headers.ts';
import { testClock, type TestClock } from './test-clock.ts';

/** What the harness gives a service's app builder; each builder takes these under the same names. */
export interface HarnessDependencies {
  pool: Pool;
  bus: Bus;
  secrets: { internal: string };
  logLevel: 'silent';
  now: () => Date;
}

export interface ServiceHarnessOptions {
  schema: string;
  migrations: MigrationSource[];
  build(dependencies: HarnessDependencies): Promise<ServiceApp>;
  /** Where the test clock starts: the service's tests rely on this instant, or set the clock themselves. */
  startAt: string | Date;
  /** The families whose events `events` collects (on the harness's own bus only). */
  records?: readonly EventFamily[];
  /** A bus of the test's own (Kafka), left open on close; by default a new in-process bus. */
  bus?: Bus;
  /** A database the test prepared (an older schema's rows, say): migrated at start like an upgrade; by default a new one. */
  database?: TestDatabase;
}

export interface ServiceHarness<TPayload = unknown> {
  app: ServiceApp;
  pool: Pool;
  bus: Bus;
  clock: TestClock;
  /** Every event of the recorded families published on the bus, in order. */
  events: Array<EventEnvelope<TPayload>>;
  /** Runs `stop` on close: after the app, before the bus and the database (last added, first run). */
  onClose(stop: () => Promise<void>): void;
  close(): Promise<void>;
}

/**
 * A service on a fresh database migrated like production, with the in-process bus and a test clock,
 * called as the gateway would (see `asCaller`).
 */
export async function startServiceHarness<TPayload = unknown>(options: ServiceHarnessOptions): Promise<ServiceHarness<TPayload>> {
  const database = await createMigratedTestDatabase(options.schema, options.migrations, options.database);
  const bus = options.bus ?? createInProcessBus();
  const events: Array<EventEnvelope<TPayload>> = [];
  if (!options.bus && options.records) {
    const topics = options.records.map((family) => topicForFamily(family));
    await bus.subscribe(`${options.schema}-test`, topics, async (event) => void events.push(event as EventEnvelope<TPayload>));
  }
  const clock = testClock(options.startAt);
  const app = await options.build({ pool: database.pool, bus, secrets: { internal: TEST_INTERNAL_SECRET }, logLevel: 'silent', now: clock.now });
  await app.ready();
  signInjectedRequests(app);
  const stops: Array<() => Promise<void>> = [];
  return {
    app,
    pool: database.pool,
    bus,
    clock,
    events,
    onClose: (stop) => void stops.unshift(stop),
    async close() {
      await app.close();
      for (const stop of stops) await stop();
      if (!options.bus) await bus.close();
      await database.dispose();
    },
  };
}
