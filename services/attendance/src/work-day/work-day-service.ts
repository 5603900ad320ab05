import { outboxRows, type EventEnvelope } from '@ams/bus';
import {
  addDays,
  clockActions,
  defaultWorkTimeRules,
  formatMessage,
  fullName,
  localDateOf,
  type Attendance,
  type ClockAction,
  type KeyedMessage,
  type WorkTimeRules,
} from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { clockContextOf, findDirectoryEmployee, workTimeRulesOf, type ClockContext, type DirectoryEmployee } from '@ams/directory';
import { createCommandHandler, createStreamCache, fold, readStream, type PendingEvent, type SideInsert, type StreamCache } from '@ams/event-store';
import { AppError, fieldError, refusalError, scopeOf, type ErrorCode, type SignedInPrincipal } from '@ams/service-kit';
import { planOf } from '@ams/work-time';
import { DateTime } from 'luxon';
import type { WorkDayContext } from './work-day-context.ts';
import { checkInDate, timeFormatter } from './day-plan.ts';
import { ClockRefusal, InvalidTimes, workDayDecider, type Refusal, type WorkDayCommand } from './decide.ts';
import { attendanceView, reasonOf, workDayChanged, workDayId } from './work-day-view.ts';
import { initialWorkDay, workDayStreamId, type DayTimes, type PunchSource, type WorkDayEvent, type WorkDayState } from './work-day.ts';

interface DayKey {
  employeeId: string;
  companyId: string;
  workDate: string;
}

/** The day enters the index with its stream's first event. */
function indexRow(day: DayKey): SideInsert {
  return {
    name: 'attendance.index-work-day',
    into: 'work_days (work_day_id, stream_id, employee_id, company_id, work_date)',
    rows: 'VALUES ($1::uuid, $2::text, $3::uuid, $4::uuid, $5::date)',
    values: [workDayId(day.employeeId, day.workDate), workDayStreamId(day.employeeId, day.workDate), day.employeeId, day.companyId, day.workDate],
    onConflict: 'ON CONFLICT (work_day_id) DO NOTHING',
  };
}

/** What the day's events write beside the stream, in the append's statement: the index row and the outbox row of `changed`. */
function dayRows(day: DayKey, pending: readonly PendingEvent<WorkDayEvent>[], changed: EventEnvelope | null): SideInsert[] {
  return [...(pending[0]?.streamPosition === 1 ? [indexRow(day)] : []), ...(changed ? [outboxRows([changed])] : [])];
}

/** Room for a large company's day of work days (a few hundred bytes each). */
const CACHED_WORK_DAYS = 20_000;

export const createWorkDayCache = (): StreamCache<WorkDayState> => createStreamCache({ maxStreams: CACHED_WORK_DAYS });

/** Runs one command on a work day's stream: optimistic append, retried on a concurrent writer. */
/** Each refusal's status: a form's missing input is invalid, every other refusal conflicts with the day so far. */
const refusalCodes: Record<Refusal, ErrorCode> = {
  writeReason: 'validation_failed',
  enterTime: 'validation_failed',
  alreadyCheckedIn: 'conflict',
  noActiveSchedule: 'conflict',
  restDayToday: 'conflict',
  restDayOn: 'conflict',
  noAttendanceData: 'conflict',
  alreadyLeft: 'conflict',
  breakAlreadyTaken: 'conflict',
  breakNotStarted: 'conflict',
  onBreak: 'conflict',
  breakAlreadyFinished: 'conflict',
};

async function handle(
  ctx: WorkDayContext,
  day: DayKey,
  rules: WorkTimeRules,
  command: WorkDayCommand,
  options: {
    commandId?: string;
    sideInserts?: readonly SideInsert[] | undefined;
    /** Answer only once the day's WorkDayChanged left (on the in-process bus: once reporting counted the day), as an admin's list shows it next. */
    awaitPublished?: boolean;
  } = {},
) {
  const { commandId, sideInserts } = options;
  // The event of the last attempt (a concurrent writer makes the handler decide again).
  const sent: { changed: EventEnvelope | null } = { changed: null };
  const handler = createCommandHandler({
    pool: ctx.pool,
    decider: workDayDecider,
    streamCache: ctx.workDays,
    sideInserts: (pending, state) => {
      const last = pending.at(-1);
      sent.changed = last ? workDayChanged(day, last.event, state, ctx.now(), rules) : null;
      return dayRows(day, pending, sent.changed);
    },
  });
  try {
    const result = await handler.handle(workDayStreamId(day.employeeId, day.workDate), command, {
      ...(commandId ? { commandId } : {}),
      ...(sideInserts ? { sideInserts } : {}),
    });
    if (options.awaitPublished && sent.changed) await ctx.relay.flush([sent.changed.id]);
    else ctx.relay.wake();
    return result;
  } catch (error) {
    if (error instanceof ClockRefusal) throw refusalError(error, refusalCodes);
    if (error instanceof InvalidTimes) {
      const [first] = error.problems;
      const errors = error.problems.map((problem) => fieldError(problem.field, problem.messageKey));
      throw new AppError('validation_failed', first?.messageKey ?? 'invalidValue', { errors, cause: error });
    }
    throw error;
  }
}

async function stateOf(db: Queryable, employeeId: string, workDate: string): Promise<WorkDayState> {
  const stream = await readStream(db, workDayStreamId(employeeId, workDate));
  return fold(
    workDayDecider,
    initialWorkDay(),
    stream.events.map((recorded) => ({ type: recorded.type, data: recorded.data }) as WorkDayEvent),
  );
}

const isOpen = (state: WorkDayState) => state.status === 'working' || state.status === 'on-break' || state.status === 'back-from-break';

const actionCommands = { 'break-in': 'StartBreak', 'break-out': 'EndBreak', 'check-out': 'CheckOut' } as const;

export interface PunchOutcome {
  message: string;
  action: ClockAction;
  at: string;
  employeeName: string;
  workDate: string;
}

/**
 * What a punch at `now` decides by, in one read: the employee, the company's settings and the schedules of
 * every date that can be the company's today or yesterday (zones run from UTC−12 to UTC+14, so the local
 * date is within a day of UTC's).
 */
export function clockContextAt(db: Queryable, employeeId: string, now: Date): Promise<ClockContext | null> {
  const utcToday = localDateOf(now, 'UTC');
  return clockContextOf(db, employeeId, addDays(utcToday, -2), addDays(utcToday, 1));
}

/** Where a punch at `now` goes and what it asks of the day (its events are decided from the day's state). */
async function planPunch(
  ctx: WorkDayContext,
  context: ClockContext,
  action: ClockAction,
  now: string,
  source: PunchSource,
): Promise<{ workDate: string; command: WorkDayCommand }> {
  const { employee, settings, schedules } = context;
  if (action === 'check-in') {
    const workDate = checkInDate(schedules, now, settings.timezone);
    return {
      workDate,
      command: {
        type: 'CheckIn',
        employeeId: employee.employeeId,
        companyId: employee.companyId,
        workDate,
        plan: planOf(schedules, workDate, settings.timezone),
        now,
        source,
        formatTime: timeFormatter(settings.timezone, settings.timeFormat),
      },
    };
  }
  // Only a night shift that started yesterday is still today's open day; a day worker who forgot to clock
  // out yesterday starts afresh today.
  const today = localDateOf(now, settings.timezone);
  const yesterday = addDays(today, -1);
  const yesterdayPlan = planOf(schedules, yesterday, settings.timezone);
  const nightShift = yesterdayPlan.kind === 'working' && localDateOf(yesterdayPlan.shift.end, settings.timezone) !== yesterday;
  const workDate = nightShift && isOpen(await stateOf(ctx.pool, employee.employeeId, yesterday)) ? yesterday : today;
  return { workDate, command: { type: actionCommands[action], now, source } };
}

const activeContext = (context: ClockContext | null): ClockContext => {
  if (!context || context.employee.employmentStatus !== 'active') throw new AppError('not_found', 'employeesNotFound');
  return context;
};

/**
 * A kiosk punch at the server's time (the device's time is only recorded), or, replayed from an offline kiosk,
 * at the time the replay established. A check-in opens the day its shift belongs to; the other punches go to
 * the open day (yesterday's while a night shift runs).
 */
export async function punch(
  ctx: WorkDayContext,
  input: { employeeId: string; action: ClockAction; commandId: string; source: PunchSource },
  options: {
    /** The caller's read of clockContextAt for this punch (the kiosk checks the address against its settings). */
    context?: ClockContext | null;
    /** More rows the punch writes with its events (the kiosk's spent ticket). */
    sideInserts?: readonly SideInsert[] | undefined;
    /** An offline punch's corrected device time (checked against its bounds by the replay). */
    at?: Date;
  } = {},
): Promise<PunchOutcome> {
  const instant = options.at ?? ctx.now();
  const context = activeContext(options.context === undefined ? await clockContextAt(ctx.pool, input.employeeId, instant) : options.context);
  const { employee } = context;
  const now = instant.toISOString();
  const { workDate, command } = await planPunch(ctx, context, input.action, now, input.source);
  const day = { employeeId: employee.employeeId, companyId: employee.companyId, workDate };
  const result = await handle(ctx, day, context.settings, command, { commandId: input.commandId, sideInserts: options.sideInserts });
  const first = result.events[0];
  const at = first && 'at' in first.data ? first.data.at : now;
  return {
    message: formatMessage('recorded'),
    action: input.action,
    at,
    employeeName: fullName(employee),
    workDate,
  };
}

/** What the kiosk may offer an identified person now; when nothing, the refusal that says why. */
export interface AllowedPunches {
  allowedActions: ClockAction[];
  unavailable: KeyedMessage | null;
}

/**
 * The punches the person's day allows at this moment: each action is planned and decided exactly as a punch
 * would be, and offered unless the rules refuse it. Nothing is written.
 */
export async function allowedPunches(ctx: WorkDayContext, context: ClockContext): Promise<AllowedPunches> {
  const now = ctx.now().toISOString();
  const source: PunchSource = { method: 'pin', actorId: null, kioskId: null, clientIp: null, matchScore: null, spoofScore: null, deviceTime: null };
  const allowedActions: ClockAction[] = [];
  const refusals = new Map<ClockAction, ClockRefusal>();
  const states = new Map<string, Promise<WorkDayState>>();
  for (const action of clockActions) {
    const { workDate, command } = await planPunch(ctx, context, action, now, source);
    let state = states.get(workDate);
    if (!state) states.set(workDate, (state = stateOf(ctx.pool, context.employee.employeeId, workDate)));
    try {
      workDayDecider.decide(command, await state);
      allowedActions.push(action);
    } catch (error) {
      if (!(error instanceof ClockRefusal)) throw error;
      refusals.set(action, error);
    }
  }
  if (allowedActions.length > 0) return { allowedActions, unavailable: null };
  // Before the day starts, the check-in's refusal says why (no schedule, rest day); after it, the check-out's (already left).
  const why = refusals.get('check-out')?.key === 'noAttendanceData' ? refusals.get('check-in') : refusals.get('check-out');
  return { allowedActions, unavailable: why ? { messageKey: why.key, ...(why.params ? { params: why.params } : {}) } : null };
}

/** The employee's clock context for [from, to], if the caller's company scope includes the employee. */
async function clockContextInScope(db: Queryable, caller: SignedInPrincipal, employeeId: string, from: string, to: string): Promise<ClockContext> {
  const context = await clockContextOf(db, employeeId, from, to);
  const scope = scopeOf(caller);
  if (!context || (scope.kind === 'company' && scope.companyId !== context.employee.companyId)) throw new AppError('not_found', 'employeesNotFound');
  return context;
}

/** The day behind an id, if the caller may see it. */
export async function dayInScope(db: Queryable, caller: SignedInPrincipal, id: string): Promise<DayKey & { employee: DirectoryEmployee }> {
  const { rows } = await db.query<DayKey>(
    `SELECT employee_id AS "employeeId", company_id AS "companyId", work_date AS "workDate" FROM work_days WHERE work_day_id = $1`,
    [id],
  );
  const day = rows[0];
  if (!day) throw new AppError('not_found', 'noAttendanceFound');
  const scope = scopeOf(caller);
  if (scope.kind === 'company' && scope.companyId !== day.companyId) throw new AppError('not_found', 'noAttendanceFound');
  const employee = await findDirectoryEmployee(db, day.employeeId);
  if (!employee) throw new AppError('not_found', 'noAttendanceFound');
  return { ...day, employee };
}

function viewAfter(ctx: WorkDayContext, employee: DirectoryEmployee, state: WorkDayState, events: WorkDayEvent[], rules: WorkTimeRules): Attendance {
  if (state.status === 'not-started') throw new AppError('not_found', 'noAttendanceFound');
  const admin = events.map(reasonOf).findLast((entry) => entry !== null);
  return attendanceView(state, rules, {
    employeeName: fullName(employee),
    departmentId: employee.departmentId,
    reason: admin?.reason ?? null,
    updatedAt: ctx.now().toISOString(),
  });
}

/** An admin records a day the employee did not clock, with a reason; the actor is recorded. */
export async function recordDay(
  ctx: WorkDayContext,
  caller: SignedInPrincipal,
  body: DayTimes & { employeeId: string; workDate: string; reason: string },
  /** More rows written with the day's events (an offline punch's resolution). */
  sideInserts?: readonly SideInsert[],
): Promise<Attendance> {
  const { employee, settings, schedules } = await clockContextInScope(ctx.pool, caller, body.employeeId, body.workDate, body.workDate);
  const { employeeId: _employeeId, workDate, reason, ...times } = body;
  const day = { employeeId: employee.employeeId, companyId: employee.companyId, workDate };
  const result = await handle(
    ctx,
    day,
    settings,
    {
      type: 'RecordAttendance',
      ...day,
      plan: planOf(schedules, workDate, settings.timezone),
      times: normalisedTimes(times),
      reason,
      actorId: caller.userId,
      formatTime: timeFormatter(settings.timezone, settings.timeFormat),
    },
    { sideInserts, awaitPublished: true },
  );
  return viewAfter(ctx, employee, result.state, result.events, settings);
}

/** The company's work-time rules (an admin's change of a day: not the punch's hot path). */
async function rulesOfCompany(db: Queryable, companyId: string): Promise<WorkTimeRules> {
  return (await workTimeRulesOf(db, [companyId])).get(companyId) ?? defaultWorkTimeRules;
}

export async function amendDay(ctx: WorkDayContext, caller: SignedInPrincipal, id: string, body: DayTimes & { reason: string }): Promise<Attendance> {
  const day = await dayInScope(ctx.pool, caller, id);
  const { reason, ...times } = body;
  const rules = await rulesOfCompany(ctx.pool, day.companyId);
  const result = await handle(
    ctx,
    day,
    rules,
    { type: 'AmendAttendance', times: normalisedTimes(times), reason, actorId: caller.userId },
    { awaitPublished: true },
  );
  return viewAfter(ctx, day.employee, result.state, result.events, rules);
}

export async function deleteDay(ctx: WorkDayContext, caller: SignedInPrincipal, id: string, reason: string): Promise<void> {
  const day = await dayInScope(ctx.pool, caller, id);
  await handle(ctx, day, await rulesOfCompany(ctx.pool, day.companyId), { type: 'DeleteAttendance', reason, actorId: caller.userId }, { awaitPublished: true });
}

/** Instants as UTC ISO strings, whatever offset the client wrote them with. */
function normalisedTimes(times: DayTimes): DayTimes {
  const utc = (time: string | null) => (time === null ? null : (DateTime.fromISO(time).toUTC().toISO() as string));
  return { timeIn: utc(times.timeIn) as string, breakIn: utc(times.breakIn), breakOut: utc(times.breakOut), timeOut: utc(times.timeOut) };
}
