-- Up Migration
-- Whether the kiosk may identify this company's employees by face at any browser, not only at its
-- registered kiosks. Off unless a company turns it on.
ALTER TABLE settings ADD COLUMN face_at_unregistered_browsers boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE settings DROP COLUMN face_at_unregistered_browsers;
