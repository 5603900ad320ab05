-- Up Migration
-- Employees erased before erasure took the RFID card kept it here, and it still clocked them in as the
-- pseudonym. An erased employee's national ID is people's 'ERASED-<id>': their cards go now (later erasures
-- bring a snapshot without one).
UPDATE kiosk_identities SET rfid_card = NULL WHERE rfid_card IS NOT NULL AND national_id = 'ERASED-' || employee_id::text;

-- Down Migration
-- Nothing to restore: an erased person's card is gone for good.
