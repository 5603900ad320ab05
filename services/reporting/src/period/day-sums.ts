import type { ReportTotals } from '@ams/contracts';
import type { EmployeeDay } from './period-repository.ts';

/** A set of days summed up: the counts and minutes every report's totals are made of. */
export interface DaySums {
  daysWorked: number;
  absences: number;
  leaveDays: number;
  lateArrivals: number;
  earlyDepartures: number;
  scheduledDays: number;
  breakMinutes: number;
  lateMinutes: number;
  earlyDepartureMinutes: number;
  scheduledMinutes: number;
  workedMinutes: number;
  overtimeMinutes: number;
}

export const noDays: DaySums = {
  daysWorked: 0,
  absences: 0,
  leaveDays: 0,
  lateArrivals: 0,
  earlyDepartures: 0,
  scheduledDays: 0,
  breakMinutes: 0,
  lateMinutes: 0,
  earlyDepartureMinutes: 0,
  scheduledMinutes: 0,
  workedMinutes: 0,
  overtimeMinutes: 0,
};

export function addSums(a: DaySums, b: DaySums): DaySums {
  const sum = { ...a };
  for (const key of Object.keys(sum) as Array<keyof DaySums>) sum[key] += b[key];
  return sum;
}

/** Minutes as hours with two decimals. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** Days summed up, as the stored days' SQL sums them. */
export function sumsOf(days: readonly EmployeeDay[]): DaySums {
  const sums = { ...noDays };
  for (const { mark, figures } of days) {
    if (mark === 'present') sums.daysWorked += 1;
    else if (mark === 'absent') sums.absences += 1;
    else sums.leaveDays += 1;
    if (figures.lateMinutes > 0) sums.lateArrivals += 1;
    if (figures.earlyDepartureMinutes > 0) sums.earlyDepartures += 1;
    if (figures.scheduledMinutes > 0) sums.scheduledDays += 1;
    sums.breakMinutes += figures.breakMinutes;
    sums.lateMinutes += figures.lateMinutes;
    sums.earlyDepartureMinutes += figures.earlyDepartureMinutes;
    sums.scheduledMinutes += figures.scheduledMinutes;
    sums.workedMinutes += figures.workedMinutes;
    sums.overtimeMinutes += figures.overtimeMinutes;
  }
  return sums;
}

/** A report's totals from summed days. */
export function totalsOfSums(sums: DaySums): ReportTotals {
  const { daysWorked, absences, leaveDays, lateArrivals, earlyDepartures, breakMinutes, lateMinutes, earlyDepartureMinutes } = sums;
  return {
    daysWorked,
    absences,
    leaveDays,
    lateArrivals,
    earlyDepartures,
    breakMinutes,
    lateMinutes,
    earlyDepartureMinutes,
    scheduledHours: hoursOf(sums.scheduledMinutes),
    workedHours: hoursOf(sums.workedMinutes),
    overtimeHours: hoursOf(sums.overtimeMinutes),
  };
}

/** Sums days into a report's totals. */
export function totalsOf(days: readonly EmployeeDay[]): ReportTotals {
  return totalsOfSums(sumsOf(days));
}
