-- Up Migration
-- people's work-time rules (grace before a late arrival, overtime before the shift, minimum overtime block):
-- attendance counts lateness and overtime by them, with the definition reporting uses (packages/work-time).
ALTER TABLE directory_settings
  ADD COLUMN late_grace_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN overtime_before_shift boolean NOT NULL DEFAULT false,
  ADD COLUMN overtime_minimum_minutes integer NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE directory_settings DROP COLUMN late_grace_minutes, DROP COLUMN overtime_before_shift, DROP COLUMN overtime_minimum_minutes;
