/**
 * `absenceOf` (@ams/work-time) over the stored days, in SQL: the one place the dashboards' and the reports' queries
 * read it from, so that they count a day alike. A stored row of kind 'absent' (a working day with no punch and no
 * leave, stored whatever the time) is "not in yet" while `now < shift_end`, and an absence from its shift's end on.
 *
 * True when the row `f` is not in yet at `now` (an SQL value); false once it is an absence, and for any other day.
 */
export const notInYet = (f: string, now: string) => `(${f}.kind = 'absent' AND ${now} < ${f}.shift_end)`;
