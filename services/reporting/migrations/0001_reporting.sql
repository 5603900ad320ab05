-- Up Migration
-- Reporting's read models: everything the reports and dashboards read, kept from every service's
-- integration events (the latest state of each record). Figures are computed at query time from these,
-- so a change of a company's rules changes every report at once.

CREATE TABLE companies (
  company_id uuid PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE departments (
  department_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL
);
CREATE INDEX departments_company ON departments (company_id);

CREATE TABLE job_titles (
  job_title_id uuid PRIMARY KEY,
  department_id uuid NOT NULL,
  company_id uuid NOT NULL,
  name text NOT NULL
);

CREATE TABLE leave_types (
  leave_type_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL
);

-- The employee's latest snapshot; the columns reports filter and sort by, the whole snapshot beside them.
CREATE TABLE employees (
  employee_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  department_id uuid NOT NULL,
  job_title_id uuid NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  employment_status text NOT NULL,
  birthday date,
  created_at timestamptz NOT NULL,
  snapshot jsonb NOT NULL
);
CREATE INDEX employees_company ON employees (company_id, department_id);
CREATE INDEX employees_newest ON employees (created_at DESC, employee_id);

-- company_id NULL: the organisation's defaults, which companies without their own follow.
CREATE TABLE settings (
  company_id uuid,
  timezone text NOT NULL,
  time_format smallint NOT NULL,
  late_grace_minutes integer NOT NULL,
  overtime_before_shift boolean NOT NULL,
  overtime_minimum_minutes integer NOT NULL
);
CREATE UNIQUE INDEX settings_scope ON settings (COALESCE(company_id, '00000000-0000-0000-0000-000000000000'::uuid));

-- Every schedule with its latest state; a cancelled one is kept (marked) but plans no day.
CREATE TABLE schedules (
  schedule_id uuid PRIMARY KEY,
  employee_id uuid NOT NULL,
  company_id uuid NOT NULL,
  start_time text NOT NULL,
  off_time text NOT NULL,
  total_hours double precision NOT NULL,
  rest_days text[] NOT NULL,
  from_date date NOT NULL,
  to_date date,
  status text NOT NULL,
  cancelled boolean NOT NULL DEFAULT false
);
CREATE INDEX schedules_employee ON schedules (employee_id, from_date);
CREATE INDEX schedules_company ON schedules (company_id, from_date);

-- Leave requests with their latest state; a withdrawn one is kept with status 'withdrawn'.
CREATE TABLE leaves (
  leave_id uuid PRIMARY KEY,
  employee_id uuid NOT NULL,
  company_id uuid NOT NULL,
  leave_type_id uuid NOT NULL,
  from_date date NOT NULL,
  to_date date NOT NULL,
  return_date date NOT NULL,
  reason text NOT NULL,
  working_days integer NOT NULL,
  status text NOT NULL,
  comment text,
  decided_by text,
  requested_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX leaves_employee ON leaves (employee_id, from_date);
CREATE INDEX leaves_company ON leaves (company_id, status, from_date);

-- Attendance's work days (attendance.WorkDayChanged), a deleted day removed. Times are instants.
CREATE TABLE work_days (
  work_day_id uuid PRIMARY KEY,
  employee_id uuid NOT NULL,
  company_id uuid NOT NULL,
  work_date date NOT NULL,
  state text NOT NULL,
  time_in timestamptz NOT NULL,
  break_in timestamptz,
  break_out timestamptz,
  time_out timestamptz,
  reason text,
  changed_at timestamptz NOT NULL
);
CREATE INDEX work_days_company_date ON work_days (company_id, work_date);
CREATE INDEX work_days_employee_date ON work_days (employee_id, work_date);
CREATE INDEX work_days_recent ON work_days (work_date DESC, time_in DESC);

CREATE TABLE roles (
  role_id uuid PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE user_accounts (
  user_id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  account_type text NOT NULL,
  role_id uuid NOT NULL,
  status text NOT NULL,
  company_id uuid,
  employee_id uuid
);
CREATE INDEX user_accounts_company ON user_accounts (company_id);

-- Each user's latest sign-in, from the audit trail: its own table, as a sign-in may arrive before the user
-- (another topic) or outlive a re-save of the user.
CREATE TABLE user_sign_ins (
  user_id text PRIMARY KEY,
  last_sign_in_at timestamptz NOT NULL
);

-- Which consumer group the projections read under: a rebuild empties the read models and moves to the
-- next generation, whose new group reads every topic from its beginning.
CREATE TABLE projection_generation (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  generation integer NOT NULL
);
INSERT INTO projection_generation (generation) VALUES (1);

-- Down Migration
DROP TABLE projection_generation;
DROP TABLE user_sign_ins;
DROP TABLE user_accounts;
DROP TABLE roles;
DROP TABLE work_days;
DROP TABLE leaves;
DROP TABLE schedules;
DROP TABLE settings;
DROP TABLE employees;
DROP TABLE leave_types;
DROP TABLE job_titles;
DROP TABLE departments;
DROP TABLE companies;
