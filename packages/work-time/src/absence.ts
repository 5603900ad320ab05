/**
 * A working day with no punch and no leave: "not in yet" until its shift ends, then absent. The one rule of both
 * dashboards and the reports (reporting's SQL reads it from one fragment, `notInYet` in its day-figures/absence-rule.ts).
 */
export function absenceOf(shiftEnd: number, now: number): 'not-in' | 'absent' {
  return now < shiftEnd ? 'not-in' : 'absent';
}
