import type { Bus } from '@ams/bus';
import type { LeaveState } from '@ams/contracts';
import { startServiceHarness, type ServiceHarness } from '@ams/service-kit/testing';
import { buildLeave } from '../app.ts';
import { LEAVE_SCHEMA, leaveMigrations } from '../migrations.ts';

export type LeaveHarness = ServiceHarness<LeaveState>;

/**
 * The leave service recording every event it publishes (on its own in-process bus; give it a Kafka `bus`
 * instead to observe it yourself). Its clock stands at 2026-05-20 09:00 UTC until a test moves it.
 */
export async function startLeave(options: { bus?: Bus } = {}): Promise<LeaveHarness> {
  return startServiceHarness<LeaveState>({
    schema: LEAVE_SCHEMA,
    migrations: leaveMigrations,
    startAt: '2026-05-20T09:00:00Z',
    records: ['leave'],
    build: buildLeave,
    bus: options.bus,
  });
}
