-- Up Migration
-- The attendance list, one row per work day that exists (a deleted day has no row). Projected from the
-- work-day streams by the checkpointed subscription 'attendance-read-models'; a rebuild truncates it and
-- replays the event store. Everything but employee_name/department_id is a function of the day's events;
-- those two are the directory's values when the day was projected, shown only when the directory no
-- longer knows the employee (the list shows the directory's current name and department).
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
  status text CHECK (status IN ('late arrival', 'on time', 'early departure')),
  state text NOT NULL CHECK (state IN ('working', 'on-break', 'back-from-break', 'left')),
  -- The latest of the day's times: when the employee entered the state (presence's "since").
  since timestamptz NOT NULL,
  -- The reason of the latest admin correction since the day (re)started.
  reason text,
  -- When the day's last event was recorded (not when it was projected: a rebuild gives the same value).
  updated_at timestamptz NOT NULL
);
-- The admin list: newest work date first, within a company (Admin) or across all (SuperAdmin).
CREATE INDEX attendance_days_company_date ON attendance_days (company_id, work_date DESC, time_in DESC);
CREATE INDEX attendance_days_date ON attendance_days (work_date DESC, time_in DESC);
-- The personal list and presence (the latest day of each employee).
CREATE INDEX attendance_days_employee_date ON attendance_days (employee_id, work_date DESC);

-- Down Migration
DROP TABLE attendance_days;
