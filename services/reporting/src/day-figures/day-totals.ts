import { randomInt } from 'node:crypto';
import type { Queryable } from '@ams/db';

/** Rows (slots) each date and company's counts are spread over: writers side by side seldom pick the same. */
const SLOTS = 16;

/** What the dashboard counts of one company's stored days of one date. */
export interface DayCount {
  workDate: string;
  companyId: string;
  present: number;
  absent: number;
  leave: number;
  late: number;
}

/** Counts by company and date, the difference a write makes to day_totals. */
export type DayTally = Map<string, DayCount>;

/** A stored day as the totals see it. */
export interface CountedDay {
  workDate: string;
  companyId: string;
  kind: 'present' | 'absent' | 'leave';
  shiftEnd: number | null;
  lateMinutes: number;
}

const keyOf = (count: Pick<DayCount, 'workDate' | 'companyId'>) => `${count.workDate} ${count.companyId}`;

/** Adds `count` to the tally (`sign` -1: takes it away). */
function addCount(tally: DayTally, count: DayCount, sign: 1 | -1): void {
  const key = keyOf(count);
  const sum = tally.get(key) ?? { workDate: count.workDate, companyId: count.companyId, present: 0, absent: 0, leave: 0, late: 0 };
  sum.present += sign * count.present;
  sum.absent += sign * count.absent;
  sum.leave += sign * count.leave;
  sum.late += sign * count.late;
  tally.set(key, sum);
}

/** An absence without a shift's end never counts (the readers' `shift_end <= now` is never true for it). */
const countsDay = (day: CountedDay) => day.kind !== 'absent' || day.shiftEnd !== null;

/** The days' counts, added (`sign` 1) or taken away. */
export function tallyDays(tally: DayTally, days: Iterable<CountedDay>, sign: 1 | -1): DayTally {
  for (const day of days) {
    if (!countsDay(day)) continue;
    addCount(
      tally,
      {
        workDate: day.workDate,
        companyId: day.companyId,
        present: day.kind === 'present' ? 1 : 0,
        absent: day.kind === 'absent' ? 1 : 0,
        leave: day.kind === 'leave' ? 1 : 0,
        late: day.lateMinutes > 0 ? 1 : 0,
      },
      sign,
    );
  }
  return tally;
}

/**
 * Deletes the stored days matching `condition` (on day_figures, with `params`), their counts taken away from
 * `tally`.
 */
export async function deleteCountedDays(tx: Queryable, condition: string, params: unknown[], tally: DayTally): Promise<void> {
  const { rows } = await tx.query<DayCount>(
    `WITH deleted AS (DELETE FROM day_figures WHERE ${condition} RETURNING work_date, company_id, kind, shift_end, late_minutes)
     SELECT to_char(work_date, 'YYYY-MM-DD') AS "workDate", company_id AS "companyId", count(*) FILTER (WHERE kind = 'present')::int AS present,
       count(*) FILTER (WHERE kind = 'absent')::int AS absent, count(*) FILTER (WHERE kind = 'leave')::int AS leave, count(*) FILTER (WHERE late_minutes > 0)::int AS late
     FROM deleted WHERE kind <> 'absent' OR shift_end IS NOT NULL GROUP BY work_date, company_id`,
    params,
  );
  for (const count of rows) addCount(tally, count, -1);
}

/**
 * Adds the tally to day_totals, in the caller's transaction, on one slot picked at random (a slot's counts
 * mean nothing alone, their sum is the count): one statement, its rows in (date, company) order, so that two
 * writers lock the rows they share in the same order. Nothing is written for a write that changed no count
 * (most punches after the first of the day).
 */
export async function recordTally(tx: Queryable, tally: DayTally): Promise<void> {
  const changed = [...tally.values()].filter((count) => count.present !== 0 || count.absent !== 0 || count.leave !== 0 || count.late !== 0);
  if (changed.length === 0) return;
  const column = <K extends keyof DayCount>(key: K) => changed.map((count) => count[key]);
  await tx.query(
    `INSERT INTO day_totals (work_date, company_id, slot, present, absent, leave, late)
     SELECT work_date, company_id, $7, present, absent, leave, late
     FROM unnest($1::date[], $2::uuid[], $3::int[], $4::int[], $5::int[], $6::int[]) AS t(work_date, company_id, present, absent, leave, late)
     ORDER BY work_date, company_id
     ON CONFLICT (work_date, company_id, slot) DO UPDATE SET present = day_totals.present + EXCLUDED.present, absent = day_totals.absent + EXCLUDED.absent,
       leave = day_totals.leave + EXCLUDED.leave, late = day_totals.late + EXCLUDED.late`,
    [column('workDate'), column('companyId'), column('present'), column('absent'), column('leave'), column('late'), randomInt(SLOTS)],
  );
}
