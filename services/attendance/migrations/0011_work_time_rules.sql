-- Up Migration
-- The list counts lateness, early departure and overtime by the company's work-time rules, with the definition
-- reporting uses (packages/work-time); minutes are kept beside the hours so both sides compare exactly.
ALTER TABLE attendance_days
  ADD COLUMN overtime_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN early_departure_minutes integer NOT NULL DEFAULT 0;

-- Companies whose days must be projected again because their rules changed (the nil uuid: every company,
-- after the organisation's rules changed). Written in the settings event's transaction, worked off after
-- commit in batches by a background worker; `after_id` is how far it got (null: from the start).
CREATE TABLE attendance_reprojections (
  scope_id uuid PRIMARY KEY,
  after_id uuid
);
-- Days projected before this migration counted overtime as hours beyond the plan, without rules: all again.
INSERT INTO attendance_reprojections (scope_id) VALUES ('00000000-0000-0000-0000-000000000000');

-- Down Migration
DROP TABLE attendance_reprojections;
ALTER TABLE attendance_days DROP COLUMN overtime_minutes, DROP COLUMN early_departure_minutes;
