-- Up Migration
-- A user's own time format ('24' or '12' hours); NULL follows their company's setting. It applies only
-- while the company lets people choose (the people service's settings).
ALTER TABLE users ADD COLUMN time_format text CHECK (time_format IN ('24', '12'));

-- Down Migration
ALTER TABLE users DROP COLUMN time_format;
