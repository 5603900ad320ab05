export { addDays, datesBetween, localDate, planOf, previousDate, scheduleOn, shiftOn, weekdayOf, type DayPlan, type Shift } from './day-plan.ts';
