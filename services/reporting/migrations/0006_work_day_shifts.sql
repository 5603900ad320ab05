-- Up Migration
-- The shift attendance fixed for a work day when it started (attendance.WorkDayChanged's `shift`), so a day
-- clocked before its schedule changed is counted against the shift it was clocked against, as attendance counts
-- it. `shift_recorded` false: the event predates the field and the day is planned from the schedule; true with
-- null instants: a day recorded without a schedule.
ALTER TABLE work_days
  ADD COLUMN shift_recorded boolean NOT NULL DEFAULT false,
  ADD COLUMN shift_start timestamptz,
  ADD COLUMN shift_end timestamptz,
  ADD COLUMN shift_hours float8;

-- Down Migration
ALTER TABLE work_days DROP COLUMN shift_recorded, DROP COLUMN shift_start, DROP COLUMN shift_end, DROP COLUMN shift_hours;
