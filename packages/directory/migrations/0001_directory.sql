-- Up Migration
-- A service's local copy of the people service's reference data, kept from its events.
CREATE TABLE directory_employees (
  employee_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  department_id uuid NOT NULL,
  job_title_id uuid NOT NULL,
  leave_group_id uuid NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  employment_status text NOT NULL
);
CREATE INDEX directory_employees_company ON directory_employees (company_id);
CREATE INDEX directory_employees_department ON directory_employees (department_id);

CREATE TABLE directory_leave_types (
  leave_type_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL
);

CREATE TABLE directory_leave_groups (
  leave_group_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL,
  status text NOT NULL,
  leave_type_ids uuid[] NOT NULL
);

-- Down Migration
DROP TABLE directory_leave_groups;
DROP TABLE directory_leave_types;
DROP TABLE directory_employees;
