/**
 * A working day with no punch and no leave: "not in yet" until its shift ends, then absent. The one rule of both
 * dashboards and the reports (the dashboards' SQL reads it as `shift_end <= now`).
 */
export function absenceOf(shiftEnd: number, now: number): 'not-in' | 'absent' {
  return now < shiftEnd ? 'not-in' : 'absent';
}
