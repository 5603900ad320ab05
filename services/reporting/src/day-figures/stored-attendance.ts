import type { StoredWorkDay } from '../period/period-repository.ts';

/** A stored day's attendance columns (day_figures): its work day's, all null (and not offline) on a day without one. */
export interface StoredAttendance {
  state: StoredWorkDay['state'] | null;
  timeIn: number | null;
  breakIn: number | null;
  breakOut: number | null;
  timeOut: number | null;
  reason: string | null;
  recordedOffline: boolean;
}

/** The columns a day stores of its work day. */
export function storedAttendanceOf(workDay: StoredWorkDay | null): StoredAttendance {
  return {
    state: workDay?.state ?? null,
    timeIn: workDay?.timeIn ?? null,
    breakIn: workDay?.breakIn ?? null,
    breakOut: workDay?.breakOut ?? null,
    timeOut: workDay?.timeOut ?? null,
    reason: workDay?.reason ?? null,
    recordedOffline: workDay?.recordedOffline ?? false,
  };
}

/** The work day of an employee's date back from its stored columns: none when the day has no attendance. */
export function workDayOf(employeeId: string, workDate: string, stored: StoredAttendance): StoredWorkDay | null {
  const { state, timeIn, breakIn, breakOut, timeOut, reason, recordedOffline } = stored;
  return state === null || timeIn === null ? null : { employeeId, workDate, state, timeIn, breakIn, breakOut, timeOut, reason, recordedOffline };
}
