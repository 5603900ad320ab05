import { addDays, monthRange, weekdayOf, weekdays, type Leave, type Weekday } from '@ams/contracts';

export interface CalendarDay {
  date: string;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
  weekday: Weekday;
}

/** The month 'YYYY-MM' as weeks of seven days, Monday first, padded with the neighbouring months' days. */
export function monthWeeks(isoMonth: string): CalendarDay[][] {
  const { from, to } = monthRange(isoMonth);
  // Back to the Monday on or before the 1st, then forward week by week until the month's last day is in.
  let day = addDays(from, -weekdays.indexOf(weekdayOf(from)));
  const weeks: CalendarDay[][] = [];
  while (day <= to) {
    const week: CalendarDay[] = [];
    for (let index = 0; index < 7; index += 1) {
      week.push({ date: day, inMonth: day >= from && day <= to, weekday: weekdayOf(day) });
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The month 'YYYY-MM' `delta` months from `isoMonth` (negative: back). */
export function shiftMonth(isoMonth: string, delta: number): string {
  const [year = 0, month = 1] = isoMonth.split('-').map(Number);
  const index = year * 12 + (month - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The leaves that include the date, in the order given. */
export function leavesOn(date: string, leaves: readonly Leave[]): Leave[] {
  return leaves.filter((leave) => leave.from <= date && date <= leave.to);
}

/** The month's days on which anyone is off, each with who: the phone's list view of the calendar. */
export function daysOff(isoMonth: string, leaves: readonly Leave[]): Array<{ date: string; weekday: Weekday; leaves: Leave[] }> {
  const { from, to } = monthRange(isoMonth);
  const days: Array<{ date: string; weekday: Weekday; leaves: Leave[] }> = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const off = leavesOn(date, leaves);
    if (off.length > 0) days.push({ date, weekday: weekdayOf(date), leaves: off });
  }
  return days;
}
