import { handleOnceBatch, topicForFamily, type BatchWork, type Bus, type EventEnvelope, type Subscription } from '@ams/bus';
import { HISTORY_REQUESTED, type EventFamily } from '@ams/contracts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '@ams/db';
import type { Worker } from '@ams/worker';
import { applyAttendanceOrIdentityEvent, workDayBatch } from './attendance-identity-projection.ts';
import { applyHistoryEvent } from './history-requests.ts';
import { applyPeopleEvent, requestsRecompute } from './people-projection.ts';
import { applyScheduleOrLeaveEvent } from './schedule-leave-projection.ts';

/** Every family reporting reads: it keeps everything. */
export const REPORTING_FAMILIES: readonly EventFamily[] = [
  'organisation',
  'employee',
  'settings',
  'schedule',
  'leave',
  'attendance',
  'identity',
  'audit',
  'history',
];

/** The read-model tables a rebuild empties. */
const READ_MODEL_TABLES = [
  'companies',
  'departments',
  'job_titles',
  'leave_types',
  'employees',
  'settings',
  'schedules',
  'leaves',
  'work_days',
  'roles',
  'user_accounts',
  'user_sign_ins',
  'day_figures',
  'day_totals',
  'day_figures_recomputes',
];

/**
 * Events applied in one transaction: one commit for many is what lets a burst of check-ins in (each event's own
 * transaction capped intake at a few hundred a second); `handleOnceBatch` also ends a transaction early by time.
 */
const BATCH_MAX_EVENTS = 250;

/** The consumer group of a generation: the first is plain 'reporting', each rebuild reads under a new one. */
export function reportingGroup(generation: number): string {
  return generation <= 1 ? 'reporting' : `reporting-g${generation}`;
}

export async function currentGeneration(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ generation: number }>('SELECT generation FROM projection_generation');
  return rows[0]?.generation ?? 1;
}

/** Applies one event to the read models, in the caller's transaction. */
export async function applyReportingEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  await applyPeopleEvent(tx, event);
  await applyScheduleOrLeaveEvent(tx, event);
  await applyAttendanceOrIdentityEvent(tx, event);
  await applyHistoryEvent(tx, event);
}

/**
 * Applies a batch's events in order, in the caller's transaction, as `applyReportingEvent` one by one would, but
 * with the work-day changes' figures recomputed together (see `workDayBatch`).
 */
export function reportingBatch(tx: PoolClient): BatchWork {
  const workDays = workDayBatch(tx);
  return {
    async apply(event) {
      if (workDays.add(event)) return;
      // What follows sees the changes before it, figures included.
      await workDays.flush();
      if (!workDays.add(event)) await applyReportingEvent(tx, event);
    },
    finish: () => workDays.flush(),
  };
}

/**
 * Keeps the read models up to date, each event applied once (the inbox row commits with its effect); tells
 * `recomputes` once an event that asked for a background recompute committed.
 */
export async function subscribeReportingProjections(bus: Bus, pool: Pool, recomputes?: Pick<Worker<boolean>, 'wake'>): Promise<Subscription> {
  const group = reportingGroup(await currentGeneration(pool));
  const topics = REPORTING_FAMILIES.map((family) => topicForFamily(family));
  const handler = async (events: readonly EventEnvelope[]) => {
    // Reporting's own requests for history are for the owners (it hears them on the topic of their answers).
    const wanted = events.filter((event) => event.type !== HISTORY_REQUESTED);
    await handleOnceBatch(pool, group, wanted, reportingBatch);
    if (wanted.some(requestsRecompute)) recomputes?.wake();
  };
  return bus.subscribeBatch(group, topics, handler, { maxEvents: BATCH_MAX_EVENTS });
}

/**
 * Empties the read models and moves to the next generation: started again, the service reads every topic
 * from its beginning under the new group (as far as Kafka keeps them) and, its read models being empty, asks
 * every owner for its current state (the embedded in-process bus keeps nothing). Returns the new group.
 */
export async function resetReadModels(pool: Pool): Promise<string> {
  return withTransaction(pool, async (tx) => {
    await tx.query(`TRUNCATE ${READ_MODEL_TABLES.join(', ')}`);
    await tx.query('UPDATE day_figures_horizon SET through = NULL');
    const { rows } = await tx.query<{ generation: number }>('UPDATE projection_generation SET generation = generation + 1 RETURNING generation');
    const generation = rows[0]?.generation ?? 1;
    await tx.query("DELETE FROM inbox WHERE consumer_group LIKE 'reporting%'");
    // Started again with empty read models, the service asks the owners for their state anew.
    await tx.query('DELETE FROM history_requests');
    return reportingGroup(generation);
  });
}
