-- Up Migration
-- Each company's lateness and overtime rules, which reporting computes its figures by: minutes of grace
-- before an arrival counts as late, whether time before the shift start is overtime, and the shortest
-- overtime that counts. The defaults change nothing of what was reported before.
ALTER TABLE settings
  ADD COLUMN late_grace_minutes integer NOT NULL DEFAULT 0 CHECK (late_grace_minutes BETWEEN 0 AND 240),
  ADD COLUMN overtime_before_shift boolean NOT NULL DEFAULT false,
  ADD COLUMN overtime_minimum_minutes integer NOT NULL DEFAULT 0 CHECK (overtime_minimum_minutes BETWEEN 0 AND 480);

-- Down Migration
ALTER TABLE settings DROP COLUMN overtime_minimum_minutes, DROP COLUMN overtime_before_shift, DROP COLUMN late_grace_minutes;
