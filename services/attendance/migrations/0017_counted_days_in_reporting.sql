-- Up Migration
-- Issue 31: a work day's figures have one owner and one store. Reporting counts every day from
-- attendance.WorkDayChanged (day_figures) and answers the attendance list, presence and its workbook; attendance
-- keeps the work-day streams and their index (work_days), so its read model, its re-projection jobs and the
-- checkpoint of its projection go.
DROP TABLE attendance_reprojections;
DROP TABLE attendance_days;
DELETE FROM subscription_checkpoints WHERE name = 'attendance-read-models';

-- Down Migration
-- The table as 0016 left it, empty: the projection that filled it is gone with this version's code.
CREATE TABLE attendance_days (
  work_day_id uuid PRIMARY KEY,
  employee_id uuid NOT NULL,
  company_id uuid NOT NULL,
  department_id uuid,
  employee_name text NOT NULL DEFAULT '',
  work_date date NOT NULL,
  time_in timestamptz NOT NULL,
  break_in timestamptz,
  break_out timestamptz,
  time_out timestamptz,
  total_hours double precision,
  overtime_hours double precision NOT NULL,
  late_minutes integer NOT NULL,
  state text NOT NULL CHECK (state IN ('working', 'on-break', 'back-from-break', 'left')),
  since timestamptz NOT NULL,
  reason text,
  updated_at timestamptz NOT NULL,
  arrival_status text,
  departure_status text,
  overtime_minutes integer NOT NULL DEFAULT 0,
  early_departure_minutes integer NOT NULL DEFAULT 0,
  recorded_offline boolean NOT NULL DEFAULT false
);
CREATE INDEX attendance_days_company_date ON attendance_days (company_id, work_date DESC, time_in DESC);
CREATE INDEX attendance_days_date ON attendance_days (work_date DESC, time_in DESC);
CREATE INDEX attendance_days_employee_date ON attendance_days (employee_id, work_date DESC);
CREATE TABLE attendance_reprojections (
  scope_id uuid PRIMARY KEY,
  after_id uuid
);
