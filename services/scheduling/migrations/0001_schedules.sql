-- Up Migration
-- An employee's work schedules, one row per period. The employee's company, department and name are
-- not copied here: they are joined from the directory (kept from people's events), so a move between
-- departments or a new name shows at once.
CREATE TABLE schedules (
  id uuid PRIMARY KEY,
  employee_id uuid NOT NULL,
  -- Wall-clock times of the company's time zone (the API adds the spec's trailing Z).
  start_time time(3) NOT NULL,
  off_time time(3) NOT NULL,
  total_hours double precision NOT NULL CHECK (total_hours > 0 AND total_hours <= 24),
  rest_days text[] NOT NULL DEFAULT '{}' CHECK (
    rest_days <@ ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']::text[]
    AND cardinality(rest_days) <= 6
  ),
  from_date date NOT NULL,
  -- NULL: until another schedule replaces it.
  to_date date,
  status text NOT NULL CHECK (status IN ('current', 'previous')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT schedules_dates_in_order CHECK (to_date IS NULL OR to_date >= from_date),
  -- A schedule becomes previous only by being closed or archived, which always gives it an end.
  CONSTRAINT schedules_previous_has_end CHECK (status = 'current' OR to_date IS NOT NULL)
);
-- The service keeps these under a lock on the employee; the index is the last line if it did not.
CREATE UNIQUE INDEX schedules_one_current ON schedules (employee_id) WHERE status = 'current';
CREATE INDEX schedules_by_employee ON schedules (employee_id, from_date DESC);

-- Periods of one employee never overlap. Needs btree_gist (uuid equality in a GiST index): the
-- PostgreSQL server's contrib has it, the embedded PGlite does not load it, so there the service's
-- locked check stands alone.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gist;
  ALTER TABLE schedules ADD CONSTRAINT schedules_no_overlap
    EXCLUDE USING gist (employee_id WITH =, daterange(from_date, to_date, '[]') WITH &&);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'schedules_no_overlap not created (%): overlaps are refused by the service alone', SQLERRM;
END
$$;

-- Down Migration
DROP TABLE schedules;
