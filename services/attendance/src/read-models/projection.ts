import { setTimeout as sleep } from 'node:timers/promises';
import { fullName } from '@ams/contracts';
import { withTransaction, type Pool, type PoolClient } from '@ams/db';
import { findDirectoryEmployees } from '@ams/directory';
import { hasEventsAfterCheckpoint, readStreams, resetSubscription, startSubscription, type RecordedEvent } from '@ams/event-store';
import { projectDay } from './attendance-day.ts';
import { countAttendanceDays, deleteAttendanceDays, truncateReadModels, upsertAttendanceDays } from './read-model-repository.ts';

/** The checkpoint of the attendance read models. */
export const READ_MODELS_SUBSCRIPTION = 'attendance-read-models';

const WORK_DAY_STREAM = 'work-day-';

/** How often the live projection asks whether events were committed after its checkpoint (one indexed read). */
const PROBE_INTERVAL_MS = 250;
/** The subscription's own poll: only a safety net behind the probe. */
const SAFETY_POLL_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * Applies a batch in the subscription's transaction. Each touched day is folded again from its whole
 * stream (a handful of events): the row is then the same whatever the batch boundaries, on a rebuild too,
 * and a later event of the stream that is already committed can only make it more current.
 */
export async function projectBatch(tx: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
  // Rows and checkpoint commit together and are rebuilt from the streams: a crash may lose the last
  // batch's commit without harm (it is projected again), so it need not wait for the disk.
  await tx.query('SET LOCAL synchronous_commit TO off');
  const streamIds = [...new Set(events.filter((event) => event.streamId.startsWith(WORK_DAY_STREAM)).map((event) => event.streamId))];
  const projected = [...(await readStreams(tx, streamIds)).values()].map((stream) => projectDay(stream.events)).filter((day) => day !== null);
  const employees = await findDirectoryEmployees(tx, [...new Set(projected.flatMap(({ day }) => (day ? [day.employeeId] : [])))]);
  await deleteAttendanceDays(tx, projected.flatMap(({ workDayId, day }) => (day ? [] : [workDayId])));
  await upsertAttendanceDays(
    tx,
    projected.flatMap(({ day }) => {
      if (!day) return [];
      const employee = employees.get(day.employeeId);
      return [{ day, directory: employee ? { employeeName: fullName(employee), departmentId: employee.departmentId } : null }];
    }),
  );
}

function readModelSubscription(pool: Pool, options: { pollIntervalMs: number; onError?: (error: unknown) => void }) {
  return startSubscription({ pool, name: READ_MODELS_SUBSCRIPTION, handle: projectBatch, batchSize: 200, ...options });
}

export interface LiveProjection {
  /** Projects what was just committed now rather than at the next probe (called after each command). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Keeps the read models current. This process's commands wake it as they commit; for commands of other
 * replicas (the event store has no notification) a probe asks every PROBE_INTERVAL_MS whether anything
 * was committed after the checkpoint (a read-only statement: no transaction, no row lock) and only then
 * runs a batch; errors back off exponentially.
 */
export function startProjection(pool: Pool, onError: (error: unknown) => void): LiveProjection {
  const subscription = readModelSubscription(pool, { pollIntervalMs: SAFETY_POLL_MS, onError });
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  // Woken by a commit there is something to project: no need to ask first.
  const probe = async (woken: boolean): Promise<void> => {
    try {
      if (woken || (await hasEventsAfterCheckpoint(pool, READ_MODELS_SUBSCRIPTION))) await subscription.catchUp({ waitForInFlightMs: 0 });
      failures = 0;
    } catch (error) {
      failures += 1;
      onError(error);
    }
  };

  let probing = false;
  let wokenWhileProbing = false;
  const run = (woken = false) => {
    probing = true;
    running = probe(woken).finally(() => {
      probing = false;
      if (wokenWhileProbing && !stopped) {
        wokenWhileProbing = false;
        run(true);
      } else schedule();
    });
  };
  const schedule = () => {
    if (stopped) return;
    const delay = failures === 0 ? PROBE_INTERVAL_MS : Math.min(MAX_BACKOFF_MS, PROBE_INTERVAL_MS * 2 ** failures);
    timer = setTimeout(() => run(), delay);
  };
  schedule();

  return {
    wake() {
      if (stopped) return;
      if (probing) {
        wokenWhileProbing = true;
        return;
      }
      clearTimeout(timer);
      run(true);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await subscription.stop();
    },
  };
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
