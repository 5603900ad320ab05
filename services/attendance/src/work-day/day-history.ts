import type { Queryable } from '@ams/db';
import { readStream } from '@ams/event-store';
import { AppError, scopeCondition, scopeOf, type CompanyScope, type SignedInPrincipal } from '@ams/service-kit';
import type { WorkDayContext } from './work-day-context.ts';
import { historyOf, type HistoryEntry } from './day-events.ts';

/** The stream of a work day that ever existed (deleted ones too: the index keeps them), if in scope. */
async function findWorkDayStream(db: Queryable, id: string, scope: CompanyScope): Promise<string | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<{ streamId: string }>(
    `SELECT stream_id AS "streamId" FROM work_days w WHERE w.work_day_id = $1 AND ${scopeCondition(scope, 'w.company_id', params)}`,
    params,
  );
  return rows[0]?.streamId ?? null;
}

/** Every event of the day's stream, a deleted day's included (its history outlives it). */
export async function attendanceHistory(ctx: WorkDayContext, caller: SignedInPrincipal, id: string): Promise<{ items: HistoryEntry[] }> {
  const streamId = await findWorkDayStream(ctx.pool, id, scopeOf(caller));
  if (!streamId) throw new AppError('not_found', 'noAttendanceFound');
  const stream = await readStream(ctx.pool, streamId);
  return { items: historyOf(stream.events) };
}
