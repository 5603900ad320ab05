-- Up Migration
-- Employees erased before erasure took the RFID card kept it on their record. An erased employee's national ID
-- is 'ERASED-<id>': their cards go now (attendance and reporting drop their copies in their own 0013).
UPDATE employees SET rfid_card = NULL WHERE rfid_card IS NOT NULL AND national_id = 'ERASED-' || id::text;

-- Down Migration
-- Nothing to restore: an erased person's card is gone for good.
