-- Up Migration
-- people's faceAtUnregisteredBrowsers setting: attendance identifies faces at unregistered browsers
-- only for companies that turned it on.
ALTER TABLE directory_settings ADD COLUMN face_at_unregistered_browsers boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE directory_settings DROP COLUMN face_at_unregistered_browsers;
