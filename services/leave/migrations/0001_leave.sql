-- Up Migration
-- The employees' schedules, projected from scheduling's events (latest state per schedule):
-- the leave's working days are counted against them.
CREATE TABLE leaves (
  id uuid PRIMARY KEY,
  employee_id uuid NOT NULL,
  -- The employee's company when the request was made: what an Admin's scope is checked against.
  company_id uuid NOT NULL,
  leave_type_id uuid NOT NULL,
  -- Names as they were at the last write; shown when the directory no longer has the employee or type.
  employee_name text NOT NULL,
  leave_type_name text NOT NULL,
  from_date date NOT NULL,
  to_date date NOT NULL,
  return_date date NOT NULL,
  reason text NOT NULL,
  working_days integer NOT NULL CHECK (working_days > 0),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
  comment text,
  decided_at timestamptz,
  decided_by text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (from_date <= to_date),
  CHECK (return_date > to_date),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX leaves_employee_dates ON leaves (employee_id, from_date);
CREATE INDEX leaves_newest ON leaves (created_at DESC, id DESC);
CREATE INDEX leaves_company_newest ON leaves (company_id, created_at DESC, id DESC);

-- Down Migration
DROP TABLE leaves;
