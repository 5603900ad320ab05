import type { EventEnvelope } from '@ams/bus';
import { defaultWorkTimeRules, type WorkTimeRules } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { workTimeRulesOf } from '@ams/directory';
import { readStreams } from '@ams/event-store';
import { companiesOf, workDayEventsOf } from './day-events.ts';
import { reasonOf, workDayChanged } from './work-day-view.ts';
import { evolve, initialWorkDay, type WorkDayState } from './work-day.ts';

/** Streams folded per read: a few events each. */
const STREAMS_PER_READ = 500;

/** A day's latest state as attendance.WorkDayChanged after its last event, with the reason of its last correction. */
function dayAnnounced(stream: Parameters<typeof workDayEventsOf>[0], rulesOf: (companyId: string) => WorkTimeRules, now: Date): EventEnvelope | null {
  let state: WorkDayState = initialWorkDay();
  let reason: string | null = null;
  const events = workDayEventsOf(stream).map(({ event }) => event);
  for (const event of events) {
    state = evolve(state, event);
    reason = event.type === 'AttendanceDeleted' ? null : (reasonOf(event)?.reason ?? reason);
  }
  const last = events.at(-1);
  // A deleted day is in no one's read model: nothing to announce.
  if (state.status === 'not-started' || !last) return null;
  const { employeeId, companyId, workDate } = state;
  const announced = workDayChanged({ employeeId, companyId, workDate }, last, state, now, rulesOf(companyId));
  return { ...announced, payload: { ...announced.payload, reason } };
}

/** Attendance's current state for a history request: every work day's whole state, folded from its stream, a few hundred days at a time. */
export async function* announceWorkDays(tx: PoolClient, now: Date): AsyncGenerator<EventEnvelope[]> {
  const { rows } = await tx.query<{ streamId: string }>('SELECT stream_id AS "streamId" FROM work_days ORDER BY employee_id, work_date');
  for (let index = 0; index < rows.length; index += STREAMS_PER_READ) {
    const streams = [
      ...(
        await readStreams(
          tx,
          rows.slice(index, index + STREAMS_PER_READ).map((row) => row.streamId),
        )
      ).values(),
    ].map((stream) => stream.events);
    const rules = await workTimeRulesOf(
      tx,
      streams.flatMap((events) => companiesOf(events)),
    );
    const rulesOf = (companyId: string) => rules.get(companyId) ?? defaultWorkTimeRules;
    yield streams.map((events) => dayAnnounced(events, rulesOf, now)).filter((day) => day !== null);
  }
}
