-- Up Migration
-- Whether people may choose their own time format (24 or 12 hours) over the company's. On unless turned off.
ALTER TABLE settings ADD COLUMN people_choose_time_format boolean NOT NULL DEFAULT true;

-- Down Migration
ALTER TABLE settings DROP COLUMN people_choose_time_format;
