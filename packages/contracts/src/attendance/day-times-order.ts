import type { MessageKey } from '../messages/message-catalogue.ts';

/** A work day's four times as instants (ISO 8601); the optional ones are null when not entered. */
export interface DayInstants {
  timeIn: string;
  breakIn: string | null;
  breakOut: string | null;
  timeOut: string | null;
}

export type DayTimeField = keyof DayInstants;

/** What is wrong with one of the times, by the field it is shown at. */
export interface DayTimesProblem {
  field: DayTimeField;
  messageKey: MessageKey;
}

/** A day lasts at most this long, time in to time out (a night shift crosses midnight, never a whole day). */
export const MAX_WORK_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The order an admin's times must keep: time in < break in < break out < time out, and time out at most
 * 24 hours after time in. Compared as instants, so a time after midnight is later only when it is on the next
 * day. The server refuses by these rules and the attendance form mirrors them; the first problem per field.
 */
export function dayTimesProblems(times: DayInstants): DayTimesProblem[] {
  const at = (instant: string | null) => (instant === null ? null : Date.parse(instant));
  const timeIn = at(times.timeIn);
  const breakIn = at(times.breakIn);
  const breakOut = at(times.breakOut);
  const timeOut = at(times.timeOut);
  const problems: DayTimesProblem[] = [];
  const refuse = (field: DayTimeField, messageKey: MessageKey) => {
    if (!problems.some((problem) => problem.field === field)) problems.push({ field, messageKey });
  };

  if (timeIn !== null && timeOut !== null) {
    if (timeOut <= timeIn) refuse('timeOut', 'timeOutBeforeTimeIn');
    else if (timeOut - timeIn > MAX_WORK_DAY_MS) refuse('timeOut', 'workDayTooLong');
  }
  // A break ends before it starts only with both times; a closed day needs both or neither.
  if (breakIn === null && breakOut !== null) refuse('breakIn', 'breakNeedsBothTimes');
  if (breakIn !== null && breakOut === null && timeOut !== null) refuse('breakOut', 'breakNeedsBothTimes');
  if (breakIn !== null && breakOut !== null && breakOut <= breakIn) refuse('breakOut', 'breakOutBeforeBreakIn');
  if (breakIn !== null && timeIn !== null && (breakIn <= timeIn || (timeOut !== null && breakIn >= timeOut))) refuse('breakIn', 'breakOutsideDay');
  if (breakOut !== null && timeIn !== null && (breakOut <= timeIn || (timeOut !== null && breakOut >= timeOut))) refuse('breakOut', 'breakOutsideDay');
  return problems;
}
