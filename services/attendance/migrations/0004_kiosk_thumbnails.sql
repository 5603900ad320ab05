-- Up Migration
-- The enrolled photo's thumbnail (from employee.FaceEnrolled), shown by the kiosk to the person it recognised.
ALTER TABLE kiosk_employees ADD COLUMN thumbnail bytea;

-- Down Migration
ALTER TABLE kiosk_employees DROP COLUMN thumbnail;
