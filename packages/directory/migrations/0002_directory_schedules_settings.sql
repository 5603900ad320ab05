-- Up Migration
-- Schedules (latest state of each, from scheduling's events) and settings (from people's), for the
-- services that decide by them: leave counts working days, attendance plans the day.
CREATE TABLE directory_schedules (
  schedule_id uuid PRIMARY KEY,
  employee_id uuid NOT NULL,
  company_id uuid NOT NULL,
  start_time text NOT NULL,
  off_time text NOT NULL,
  total_hours double precision NOT NULL,
  rest_days text[] NOT NULL,
  from_date date NOT NULL,
  to_date date,
  status text NOT NULL
);
CREATE INDEX directory_schedules_employee ON directory_schedules (employee_id, from_date);

-- company_id NULL: the organisation's defaults, which companies without their own follow.
CREATE TABLE directory_settings (
  company_id uuid,
  timezone text NOT NULL,
  time_format smallint NOT NULL,
  rfid_clock boolean NOT NULL,
  ip_restriction text[] NOT NULL
);
CREATE UNIQUE INDEX directory_settings_scope ON directory_settings (COALESCE(company_id, '00000000-0000-0000-0000-000000000000'::uuid));

-- Down Migration
DROP TABLE directory_settings;
DROP TABLE directory_schedules;
