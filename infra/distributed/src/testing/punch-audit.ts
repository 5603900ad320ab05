import { createKafkaBus } from '@ams/bus';
import { WORK_DAY_CHANGED, type WorkDayChanged } from '@ams/contracts';
import { createPool } from '@ams/db';
import { commandEventId } from '@ams/event-store';
import type { AnsweredPunch } from './punch-burst.ts';

/** A punch's integration event is the day's WorkDayChanged with the punch's change (one of each per day). */
export const publishedKey = (employeeId: string, change: string) => `${employeeId}/${change}`;

export interface PunchAudit {
  /** Rows in attendance's event store per answered punch (by its command's event id). */
  storedPerPunch: number[];
  /** Every event in the burst's work-day streams, answered or not. */
  storedInStreams: number;
  /** attendance's outbox rows per employee and change, and how many are still unpublished. */
  outbox: Map<string, { rows: number; eventIds: string[] }>;
  unpublished: number;
  /** Of the outbox events, how many reporting's inbox holds (projected there once each). */
  projectedByReporting: number;
  /** reporting's work days (attendance keeps only their streams): employees whose day has all four times. */
  completeDays: number;
}

/** What the databases hold about the burst's punches. */
export async function auditPunches(databaseUrls: { attendance: string; reporting: string }, answered: readonly AnsweredPunch[]): Promise<PunchAudit> {
  // Each app migrates into the schema named after it.
  const attendance = createPool({ connectionString: databaseUrls.attendance, schema: 'attendance', max: 1 });
  const reporting = createPool({ connectionString: databaseUrls.reporting, schema: 'reporting', max: 1 });
  try {
    const employeeIds = [...new Set(answered.map((punch) => punch.employeeId))];
    const eventIds = answered.map((punch) => commandEventId(punch.commandId, 0));
    const stored = await attendance.query<{ event_id: string; n: number }>(
      'SELECT event_id, count(*)::int AS n FROM events WHERE event_id = ANY($1::uuid[]) GROUP BY event_id',
      [eventIds],
    );
    const storedById = new Map(stored.rows.map((row) => [row.event_id, row.n]));
    const streams = await attendance.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM events e JOIN work_days w ON w.stream_id = e.stream_id WHERE w.employee_id = ANY($1::uuid[])',
      [employeeIds],
    );
    const outboxRows = await attendance.query<{ event_id: string; payload: WorkDayChanged; published: boolean }>(
      `SELECT event_id, envelope->'payload' AS payload, published_at IS NOT NULL AS published FROM outbox
       WHERE envelope->>'type' = $2 AND envelope->'payload'->>'employeeId' = ANY($1::text[])`,
      [employeeIds, WORK_DAY_CHANGED],
    );
    const outbox = new Map<string, { rows: number; eventIds: string[] }>();
    for (const row of outboxRows.rows) {
      const key = publishedKey(row.payload.employeeId, row.payload.change);
      const entry = outbox.get(key) ?? { rows: 0, eventIds: [] };
      outbox.set(key, { rows: entry.rows + 1, eventIds: [...entry.eventIds, row.event_id] });
    }
    const projected = await reporting.query<{ n: number }>('SELECT count(DISTINCT event_id)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])', [
      outboxRows.rows.map((row) => row.event_id),
    ]);
    // Reporting holds the days (attendance keeps only their streams).
    const days = await reporting.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM work_days WHERE employee_id = ANY($1::uuid[])
       AND time_in IS NOT NULL AND break_in IS NOT NULL AND break_out IS NOT NULL AND time_out IS NOT NULL`,
      [employeeIds],
    );
    return {
      storedPerPunch: eventIds.map((id) => storedById.get(id) ?? 0),
      storedInStreams: streams.rows[0]?.n ?? 0,
      outbox,
      unpublished: outboxRows.rows.filter((row) => !row.published).length,
      projectedByReporting: projected.rows[0]?.n ?? 0,
      completeDays: days.rows[0]?.n ?? 0,
    };
  } finally {
    await Promise.all([attendance.end(), reporting.end()]);
  }
}

/** Counts every delivery on a topic by event id, from the topic's start, as a new consumer group of its own. */
export async function countTopicDeliveries(brokers: string[], topic: string): Promise<{ deliveries: Map<string, number>; stop(): Promise<void> }> {
  const bus = createKafkaBus({ brokers, clientId: 'drill-observer', consumer: { sessionTimeoutMs: 6_000, heartbeatIntervalMs: 500, maxWaitTimeInMs: 100 } });
  const deliveries = new Map<string, number>();
  await bus.subscribe(`drill-observer-${process.pid}`, [topic], async (event) => void deliveries.set(event.id, (deliveries.get(event.id) ?? 0) + 1));
  return { deliveries, stop: () => bus.close() };
}
