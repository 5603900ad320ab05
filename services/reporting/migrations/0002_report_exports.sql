-- Up Migration
-- Excel exports of the reports: each export's progress, and its workbook as the chunks the writer produced,
-- so that any replica serves the file. Finished exports are deleted an hour after they started.

CREATE TABLE report_exports (
  export_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  report text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  rows_written integer NOT NULL DEFAULT 0,
  rows_total integer,
  file_name text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX report_exports_started ON report_exports (started_at);

CREATE TABLE report_export_chunks (
  export_id uuid NOT NULL REFERENCES report_exports (export_id) ON DELETE CASCADE,
  seq integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (export_id, seq)
);

-- The exports read the employees in name order, a batch after another (keyset).
CREATE INDEX employees_name ON employees ((first_name || ' ' || last_name), employee_id);

-- Down Migration
DROP INDEX employees_name;
DROP TABLE report_export_chunks;
DROP TABLE report_exports;
