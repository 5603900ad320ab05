export { planOf, shiftOn, type DayPlan, type Shift } from './day-plan.ts';
export { countedLateness, countedOvertime, dayCounts, type DayCounts, type DayPunches, type PlannedDay } from './day-counts.ts';
export { absenceOf } from './absence.ts';
