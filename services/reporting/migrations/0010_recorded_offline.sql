-- Up Migration
-- Issue 30 (L-1): attendance.WorkDayChanged says whether a time the day holds was recorded offline by a kiosk, and
-- the attendance-overtime report shows it. Days stored before start false: the events they came from lacked it
-- (a day's next change brings it).
ALTER TABLE work_days ADD COLUMN recorded_offline boolean NOT NULL DEFAULT false;
ALTER TABLE day_figures ADD COLUMN recorded_offline boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE day_figures DROP COLUMN recorded_offline;
ALTER TABLE work_days DROP COLUMN recorded_offline;
