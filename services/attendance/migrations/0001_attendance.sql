-- Up Migration
-- The work days themselves are event streams (event-store tables). This index finds a day's stream from
-- its id; it is written in the append's transaction, so it never disagrees with the streams.
CREATE TABLE work_days (
  work_day_id uuid PRIMARY KEY,
  stream_id text NOT NULL UNIQUE,
  employee_id uuid NOT NULL,
  company_id uuid NOT NULL,
  work_date date NOT NULL
);
CREATE INDEX work_days_employee ON work_days (employee_id, work_date);

-- Down Migration
DROP TABLE work_days;
