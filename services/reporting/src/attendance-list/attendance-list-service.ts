import { defaultSettings, type Attendance, type AttendanceListQuery } from '@ams/contracts';
import { AppError, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { findAttendanceDay, listAttendanceDays, listPresence, type PresenceRow } from './attendance-list-repository.ts';

const noAttendanceFound = () => new AppError('not_found', 'noAttendanceFound');

/** The admin list, within the caller's companies. */
export function listAttendance(ctx: ReportingContext, caller: SignedInPrincipal, query: AttendanceListQuery): Promise<{ items: Attendance[]; total: number }> {
  const { page, pageSize, ...filter } = query;
  return listAttendanceDays(ctx.pool, { scope: scopeOf(caller), ...filter }, { page, pageSize });
}

/** One day; a day of another company is as unknown as one that never existed. */
export async function getAttendance(ctx: ReportingContext, caller: SignedInPrincipal, id: string): Promise<Attendance> {
  const day = await findAttendanceDay(ctx.pool, id, scopeOf(caller));
  if (!day) throw noAttendanceFound();
  return day;
}

export async function presence(ctx: ReportingContext, caller: SignedInPrincipal): Promise<{ items: PresenceRow[] }> {
  return { items: await listPresence(ctx.pool, scopeOf(caller), ctx.now(), defaultSettings.timezone) };
}

/** The signed-in employee's own days; a user who is no employee has none. */
export function myAttendance(
  ctx: ReportingContext,
  caller: SignedInPrincipal,
  query: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
): Promise<{ items: Attendance[]; total: number }> {
  if (!caller.employeeId) throw noAttendanceFound();
  const { page, pageSize, from, to } = query;
  return listAttendanceDays(ctx.pool, { scope: { kind: 'all' }, employeeId: caller.employeeId, from, to }, { page, pageSize });
}
