import type { AttendanceOvertimeRow } from '@ams/contracts';

/** Hours as the reports show them: two decimals (the API counts to the second). */
export function hoursOf(hours: number): string {
  return hours.toFixed(2);
}

export interface DayHours {
  date: string;
  scheduledHours: number;
  workedHours: number;
}

/** Scheduled and worked hours summed per work date, in date order (the attendance-overtime chart). */
export function perDay(rows: readonly Pick<AttendanceOvertimeRow, 'workDate' | 'scheduledHours' | 'workedHours'>[]): DayHours[] {
  const days = new Map<string, DayHours>();
  for (const row of rows) {
    const day = days.get(row.workDate) ?? { date: row.workDate, scheduledHours: 0, workedHours: 0 };
    day.scheduledHours += row.scheduledHours;
    day.workedHours += row.workedHours;
    days.set(row.workDate, day);
  }
  return [...days.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({ ...day, scheduledHours: round(day.scheduledHours), workedHours: round(day.workedHours) }));
}

const round = (hours: number) => Math.round(hours * 100) / 100;
