-- Up Migration
-- Issue 30 (L-1): a day says when a time it holds was recorded offline by a kiosk and replayed later. The
-- column starts false; every day is projected again from its stream, which fills it in for the days before it.
ALTER TABLE attendance_days ADD COLUMN recorded_offline boolean NOT NULL DEFAULT false;
INSERT INTO attendance_reprojections (scope_id) VALUES ('00000000-0000-0000-0000-000000000000')
  ON CONFLICT (scope_id) DO UPDATE SET after_id = NULL;

-- Down Migration
ALTER TABLE attendance_days DROP COLUMN recorded_offline;
