-- Up Migration
-- Issue 31: an export is a job. It keeps what was asked (so another process can run it again once the one that
-- ran it stopped) and until when its runner holds it (renewed as it goes; an export held by nobody is taken over).
ALTER TABLE report_exports ADD COLUMN job jsonb, ADD COLUMN lease_until timestamptz;

-- Down Migration
ALTER TABLE report_exports DROP COLUMN lease_until, DROP COLUMN job;
