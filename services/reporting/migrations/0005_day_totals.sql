-- Up Migration
-- Per date and company, how many of the stored days are present, absent, on leave and late, kept by the
-- store of day_figures in the transaction that writes them: the admin dashboard's 30-day series reads a few rows
-- per company and date instead of summing the month's days. Absences are counted whatever their shift's end;
-- the dashboard takes back those whose shift has not ended yet (read through the partial index below).
-- A date and company's counts are the sum of its rows over `slot` (a slotted counter): each write adds to a
-- slot picked at random, so that punches of one company handled side by side seldom wait for the same row.
CREATE TABLE day_totals (
  work_date date NOT NULL,
  company_id uuid NOT NULL,
  slot smallint NOT NULL,
  present integer NOT NULL,
  absent integer NOT NULL,
  leave integer NOT NULL,
  late integer NOT NULL,
  PRIMARY KEY (work_date, company_id, slot)
);
INSERT INTO day_totals (work_date, company_id, slot, present, absent, leave, late)
SELECT work_date, company_id, 0, count(*) FILTER (WHERE kind = 'present'), count(*) FILTER (WHERE kind = 'absent'), count(*) FILTER (WHERE kind = 'leave'),
  count(*) FILTER (WHERE late_minutes > 0)
FROM day_figures WHERE kind <> 'absent' OR shift_end IS NOT NULL GROUP BY work_date, company_id;

-- The absences whose shift ends after a given instant: only the last day or two of them.
CREATE INDEX day_figures_absent_until ON day_figures (shift_end) INCLUDE (work_date, company_id, late_minutes) WHERE kind = 'absent';

-- The series' former read of every day of the month: a write less for each stored day.
DROP INDEX day_figures_daily;

-- Down Migration
CREATE INDEX day_figures_daily ON day_figures (work_date) INCLUDE (company_id, kind, shift_end, late_minutes);
DROP INDEX day_figures_absent_until;
DROP TABLE day_totals;
