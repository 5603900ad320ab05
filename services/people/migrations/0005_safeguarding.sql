-- Up Migration
-- Safeguarding of personal and biometric data. The organisation's kiosk notice (NULL: the product's default
-- text in that language) and how many days after archiving an employee's photo and face template are kept.
CREATE TABLE safeguarding_settings (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  kiosk_notice_en text CHECK (length(kiosk_notice_en) BETWEEN 1 AND 600),
  kiosk_notice_es text CHECK (length(kiosk_notice_es) BETWEEN 1 AND 600),
  retention_days integer NOT NULL DEFAULT 30 CHECK (retention_days BETWEEN 1 AND 3650),
  updated_at timestamptz
);
INSERT INTO safeguarding_settings DEFAULT VALUES;

-- Companies that turned face clocking off (or on again); a company without a row uses it.
CREATE TABLE company_face_clocking (
  company_id uuid PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- When the employee was archived: the retention of their photo and template counts from it.
ALTER TABLE employees ADD COLUMN archived_at timestamptz;
UPDATE employees SET archived_at = updated_at WHERE employment_status = 'archived';
CREATE INDEX employees_archived_at ON employees (archived_at) WHERE archived_at IS NOT NULL;

-- Down Migration
DROP INDEX employees_archived_at;
ALTER TABLE employees DROP COLUMN archived_at;
DROP TABLE company_face_clocking;
DROP TABLE safeguarding_settings;
