-- Up Migration
-- Employees erased before erasure took the RFID card kept it in their snapshot (the data export, the employee
-- list and its workbook showed it). An erased employee's national ID is people's 'ERASED-<id>'.
UPDATE employees SET snapshot = jsonb_set(snapshot, '{rfidCard}', 'null'::jsonb)
 WHERE snapshot->>'rfidCard' IS NOT NULL AND snapshot->>'nationalId' = 'ERASED-' || employee_id::text;

-- Down Migration
-- Nothing to restore: an erased person's card is gone for good.
