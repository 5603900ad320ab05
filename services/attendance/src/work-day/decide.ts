import { dayTimesProblems, formatMessage, RuleRefusal, type DayTimesProblem } from '@ams/contracts';
import type { Decider } from '@ams/event-store';
import { evolve, initialWorkDay, type DayTimes, type PunchSource, type Shift, type WorkDayEvent, type WorkDayState } from './work-day.ts';

/** The rules' refusals: spec §8's clock refusals and the form's missing input, named by their catalogue keys. */
export type Refusal =
  | 'alreadyCheckedIn'
  | 'noActiveSchedule'
  | 'restDayToday'
  | 'restDayOn'
  | 'noAttendanceData'
  | 'alreadyLeft'
  | 'breakAlreadyTaken'
  | 'breakNotStarted'
  | 'onBreak'
  | 'breakAlreadyFinished'
  | 'writeReason'
  | 'enterTime';

/** A command the rules refuse; its message is the spec's, with the time it names. */
export class ClockRefusal extends RuleRefusal<Refusal> {
  override readonly name = 'ClockRefusal';
  constructor(reason: Refusal, time?: string) {
    super(reason, time === undefined ? undefined : { time });
  }
}

/** What the day is planned to be, as the service found it in the schedules at the time of the command. */
export type DayPlan = { kind: 'working'; shift: Shift } | { kind: 'rest-day' } | { kind: 'no-schedule' };

/** Times in refusal messages, in the company's zone and time format. */
export type TimeFormatter = (instant: string) => string;

/** Admin-entered times that are out of order (a 400 naming each field, not one of the spec's clock refusals). */
export class InvalidTimes extends Error {
  override readonly name = 'InvalidTimes';
  readonly problems: readonly DayTimesProblem[];
  constructor(problems: readonly DayTimesProblem[]) {
    super(problems.map((problem) => `${problem.field}: ${formatMessage(problem.messageKey)}`).join('; '));
    this.problems = problems;
  }
}

export type WorkDayCommand =
  | {
      type: 'CheckIn';
      employeeId: string;
      companyId: string;
      workDate: string;
      plan: DayPlan;
      now: string;
      source: PunchSource;
      formatTime: TimeFormatter;
    }
  | { type: 'StartBreak' | 'EndBreak' | 'CheckOut'; now: string; source: PunchSource }
  | {
      type: 'RecordAttendance';
      employeeId: string;
      companyId: string;
      workDate: string;
      plan: DayPlan;
      times: DayTimes;
      reason: string;
      actorId: string;
      formatTime: TimeFormatter;
    }
  | { type: 'AmendAttendance'; times: DayTimes; reason: string; actorId: string }
  | { type: 'DeleteAttendance'; reason: string; actorId: string };

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new ClockRefusal('writeReason');
  return trimmed;
}

/** Admin-entered times must be there and in order (in, break in, break out, out), within 24 hours. */
function checkTimes(times: DayTimes): void {
  if (!times.timeIn) throw new ClockRefusal('enterTime');
  const problems = dayTimesProblems(times);
  if (problems.length > 0) throw new InvalidTimes(problems);
}

function punch(state: WorkDayState, command: Extract<WorkDayCommand, { type: 'StartBreak' | 'EndBreak' | 'CheckOut' }>): WorkDayEvent[] {
  if (state.status === 'not-started') throw new ClockRefusal('noAttendanceData');
  if (state.status === 'left') throw new ClockRefusal('alreadyLeft');
  const data = { at: command.now, source: command.source };
  switch (command.type) {
    case 'StartBreak':
      if (state.status === 'on-break') throw new ClockRefusal('onBreak');
      if (state.status === 'back-from-break') throw new ClockRefusal('breakAlreadyTaken');
      return [{ type: 'BreakStarted', data }];
    case 'EndBreak':
      if (state.status === 'working') throw new ClockRefusal('breakNotStarted');
      if (state.status === 'back-from-break') throw new ClockRefusal('breakAlreadyFinished');
      return [{ type: 'BreakEnded', data }];
    case 'CheckOut':
      if (state.status === 'on-break') throw new ClockRefusal('onBreak');
      return [{ type: 'ClockedOut', data }];
  }
}

/** Spec §4 clock flow and the admin corrections; pure: time and plan arrive in the command. */
export function decide(command: WorkDayCommand, state: WorkDayState): WorkDayEvent[] {
  switch (command.type) {
    case 'CheckIn': {
      if (state.status !== 'not-started') throw new ClockRefusal('alreadyCheckedIn', command.formatTime(state.times.timeIn));
      if (command.plan.kind === 'no-schedule') throw new ClockRefusal('noActiveSchedule');
      if (command.plan.kind === 'rest-day') throw new ClockRefusal('restDayToday');
      const { employeeId, companyId, workDate, now, source } = command;
      return [{ type: 'ClockedIn', data: { employeeId, companyId, workDate, at: now, shift: command.plan.shift, source } }];
    }
    case 'StartBreak':
    case 'EndBreak':
    case 'CheckOut':
      return punch(state, command);
    case 'RecordAttendance': {
      const reason = requireReason(command.reason);
      checkTimes(command.times);
      if (command.plan.kind === 'rest-day') throw new ClockRefusal('restDayOn', command.workDate);
      if (state.status !== 'not-started') throw new ClockRefusal('alreadyCheckedIn', command.formatTime(state.times.timeIn));
      const { employeeId, companyId, workDate, times, actorId } = command;
      const shift = command.plan.kind === 'working' ? command.plan.shift : null;
      return [{ type: 'AttendanceRecorded', data: { employeeId, companyId, workDate, shift, times, reason, actorId } }];
    }
    case 'AmendAttendance': {
      const reason = requireReason(command.reason);
      if (state.status === 'not-started') throw new ClockRefusal('noAttendanceData');
      checkTimes(command.times);
      return [{ type: 'AttendanceAmended', data: { times: command.times, reason, actorId: command.actorId } }];
    }
    case 'DeleteAttendance': {
      const reason = requireReason(command.reason);
      if (state.status === 'not-started') throw new ClockRefusal('noAttendanceData');
      return [{ type: 'AttendanceDeleted', data: { reason, actorId: command.actorId } }];
    }
  }
}

export const workDayDecider: Decider<WorkDayCommand, WorkDayEvent, WorkDayState> = { decide, evolve, initialState: initialWorkDay };
