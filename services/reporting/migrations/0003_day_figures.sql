-- Up Migration
-- Each employee's figures per day, kept by the projections (recomputed for the employee-days an event
-- touches; a company's rules change recomputes its days), so reports read rows and SQL aggregates instead of
-- planning every day per request. Only the days the reports can show are kept: present, leave, and working
-- days without attendance or leave ('absent'), which count as absences only once their shift has ended
-- (shift_end ≤ the reader's now): today and future days are not absences yet.
CREATE TABLE day_figures (
  employee_id uuid NOT NULL,
  work_date date NOT NULL,
  company_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('present', 'leave', 'absent')),
  shift_start timestamptz,
  shift_end timestamptz,
  scheduled_minutes integer NOT NULL,
  worked_minutes double precision NOT NULL,
  break_minutes integer NOT NULL,
  late_minutes integer NOT NULL,
  early_departure_minutes integer NOT NULL,
  overtime_minutes integer NOT NULL,
  -- The work day's punches (present days only), copied so that a report's rows are one read.
  state text,
  time_in timestamptz,
  break_in timestamptz,
  break_out timestamptz,
  time_out timestamptz,
  reason text,
  PRIMARY KEY (employee_id, work_date)
);
CREATE INDEX day_figures_company_date ON day_figures (company_id, work_date);
-- A period's sums and today's presence read the index alone (no table rows), a month or a day being a slice of it.
CREATE INDEX day_figures_by_date ON day_figures (work_date, employee_id) INCLUDE (company_id, kind, shift_start, shift_end, scheduled_minutes, worked_minutes,
  break_minutes, late_minutes, early_departure_minutes, overtime_minutes, state, time_in, break_in, break_out, time_out);
-- The dashboard's 30-day series: the narrowest slice of the days.
CREATE INDEX day_figures_daily ON day_figures (work_date) INCLUDE (company_id, kind, shift_end, late_minutes);

-- How far the working days without attendance are kept: every scheduled date up to `through` has its row.
-- Readers move it forward to their tomorrow (UTC) before reading; a schedule's days beyond it wait for that.
CREATE TABLE day_figures_horizon (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  through date
);
INSERT INTO day_figures_horizon (through) VALUES (NULL);

-- The reports list employees by name: walked in that order, a page of days stops after a few of them.
CREATE INDEX employees_name_order ON employees ((first_name || ' ' || last_name), employee_id);

-- Down Migration
DROP INDEX employees_name_order;
DROP TABLE day_figures_horizon;
DROP TABLE day_figures;
