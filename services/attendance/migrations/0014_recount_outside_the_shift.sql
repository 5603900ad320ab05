-- Up Migration
-- Issue 30: overtime was counted from the shift end even for a day clocked in after it, and a shift time the clock
-- skips or shows twice on a daylight-saving night was read an hour off. Every day is projected again by the fixed rules.
INSERT INTO attendance_reprojections (scope_id) VALUES ('00000000-0000-0000-0000-000000000000')
  ON CONFLICT (scope_id) DO UPDATE SET after_id = NULL;

-- Down Migration
SELECT 1;
