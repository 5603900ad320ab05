import type { EventEnvelope } from '@ams/bus';
import type { PoolClient } from '@ams/db';
import { allSchedules } from './schedules/schedule-repository.ts';
import { scheduleEvent } from './schedules/schedule-view.ts';

/** Scheduling's current state for a history request: every schedule's whole state, as a change. */
export async function* announceSchedules(tx: PoolClient, now: Date): AsyncGenerator<EventEnvelope[]> {
  yield (await allSchedules(tx, now)).map((row) => scheduleEvent('schedule.ScheduleChanged', row, now));
}
