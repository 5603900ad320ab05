import { setTimeout as sleep } from 'node:timers/promises';
import { defaultWorkTimeRules, fullName } from '@ams/contracts';
import { withTransaction, type Pool, type PoolClient } from '@ams/db';
import { findDirectoryEmployees, workTimeRulesOf } from '@ams/directory';
import {
  hasEventsAfterCheckpoint,
  readStreams,
  resetSubscription,
  startSubscription,
  type RecordedEvent,
  type Subscription,
  type SubscriptionOptions,
} from '@ams/event-store';
import type { Polling, WakeSource } from '@ams/worker';
import { companiesOf, projectDay } from './attendance-day.ts';
import { countAttendanceDays, deleteAttendanceDays, truncateReadModels, upsertAttendanceDays } from './read-model-repository.ts';

/** The checkpoint of the attendance read models. */
export const READ_MODELS_SUBSCRIPTION = 'attendance-read-models';

const WORK_DAY_STREAM = 'work-day-';

/**
 * How often the live projection asks whether events were committed after its checkpoint (one indexed
 * read): only other replicas' commands need it, this process's commands wake the projection.
 */
const PROBE_INTERVAL_MS = 250;

/**
 * Applies a batch in the subscription's transaction. Each touched day is folded again from its whole
 * stream (a handful of events): the row is then the same whatever the batch boundaries, on a rebuild too,
 * and a later event of the stream that is already committed can only make it more current.
 */
export async function projectBatch(tx: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
  // Rows and checkpoint commit together and are rebuilt from the streams: a crash may lose the last
  // batch's commit without harm (it is projected again), so it need not wait for the disk.
  await tx.query('SET LOCAL synchronous_commit TO off');
  await projectStreams(tx, [...new Set(events.filter((event) => event.streamId.startsWith(WORK_DAY_STREAM)).map((event) => event.streamId))]);
}

/**
 * Folds the work-day streams again and stores (or deletes) their rows, counted by their companies' current
 * work-time rules: the live projection's batches and a rule change's re-projection both write through here.
 */
export async function projectStreams(tx: PoolClient, streamIds: readonly string[]): Promise<void> {
  const streams = [...(await readStreams(tx, streamIds)).values()];
  const rules = await workTimeRulesOf(
    tx,
    streams.flatMap((stream) => companiesOf(stream.events)),
  );
  const rulesOf = (companyId: string) => rules.get(companyId) ?? defaultWorkTimeRules;
  const projected = streams.map((stream) => projectDay(stream.events, rulesOf)).filter((day) => day !== null);
  const employees = await findDirectoryEmployees(tx, [...new Set(projected.flatMap(({ day }) => (day ? [day.employeeId] : [])))]);
  await deleteAttendanceDays(
    tx,
    projected.flatMap(({ workDayId, day }) => (day ? [] : [workDayId])),
  );
  await upsertAttendanceDays(
    tx,
    projected.flatMap(({ day }) => {
      if (!day) return [];
      const employee = employees.get(day.employeeId);
      return [{ day, directory: employee ? { employeeName: fullName(employee), departmentId: employee.departmentId } : null }];
    }),
  );
}

function readModelSubscription(pool: Pool, options: Pick<SubscriptionOptions, 'pollIntervalMs' | 'polling' | 'wake' | 'backoff' | 'onError'>): Subscription {
  return startSubscription({ pool, name: READ_MODELS_SUBSCRIPTION, handle: projectBatch, batchSize: 200, ...options });
}

/**
 * Keeps the read models current: runs at once when this process's commands announce a commit (`commits`);
 * for commands of other replicas it waits for the database's notification of their commit where `polling`
 * listens, and otherwise asks every PROBE_INTERVAL_MS whether anything was committed after the checkpoint (a
 * read-only statement: no transaction, no row lock) and only then runs a batch; errors back off exponentially.
 * Where this process is the only writer, or it listens, the probe is only a safety net.
 */
export function startProjection(pool: Pool, options: { commits: WakeSource; polling?: Polling | undefined; onError: (error: unknown) => void }): Subscription {
  return readModelSubscription(pool, {
    pollIntervalMs: PROBE_INTERVAL_MS,
    ...(options.polling ? { polling: options.polling } : {}),
    wake: options.commits,
    backoff: { initialMs: 2 * PROBE_INTERVAL_MS, maxMs: 30_000 },
    onError: options.onError,
  });
}

/**
 * Resolves once everything committed before the call is in the read models (compares the checkpoint with
 * the committed events after it); for tests and tools, since the projection follows commands with a lag.
 */
export async function waitForReadModels(pool: Pool, options: { timeoutMs?: number } = {}): Promise<void> {
  const deadline = performance.now() + (options.timeoutMs ?? 10_000);
  while (await hasEventsAfterCheckpoint(pool, READ_MODELS_SUBSCRIPTION)) {
    if (performance.now() > deadline) throw new Error(`The attendance read models did not catch up within ${options.timeoutMs ?? 10_000} ms`);
    await sleep(2);
  }
}

/**
 * Rebuilds the read models from the event store: empties them and resets the checkpoint in one
 * transaction (checkpoint first, the order a running batch takes its locks in), then replays every event.
 * A live projection elsewhere simply joins in; readers see the list fill up again.
 */
export async function rebuildReadModels(pool: Pool): Promise<{ days: number }> {
  await withTransaction(pool, async (tx) => {
    await resetSubscription(tx, READ_MODELS_SUBSCRIPTION);
    await truncateReadModels(tx);
  });
  const subscription = readModelSubscription(pool, { pollIntervalMs: 60_000 });
  try {
    await subscription.catchUp();
  } finally {
    await subscription.stop();
  }
  return { days: await countAttendanceDays(pool) };
}
