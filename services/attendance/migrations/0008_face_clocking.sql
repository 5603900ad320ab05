-- Up Migration
-- Companies that turned face clocking off (settings.FaceClockingChanged): the kiosk identifies their
-- employees by ID and PIN only. A company without a row uses face clocking.
CREATE TABLE kiosk_face_clocking_off (
  company_id uuid PRIMARY KEY
);

-- Down Migration
DROP TABLE kiosk_face_clocking_off;
