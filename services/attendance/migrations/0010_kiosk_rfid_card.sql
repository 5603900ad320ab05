-- Up Migration
-- The employee's RFID card, from people's employee snapshots (null: none). Unique per company at people;
-- here several companies' employees may share a number, and the kiosk picks the one its company allows.
ALTER TABLE kiosk_identities ADD COLUMN rfid_card text;
CREATE INDEX kiosk_identities_rfid_card ON kiosk_identities (lower(rfid_card)) WHERE rfid_card IS NOT NULL;

-- Down Migration
DROP INDEX kiosk_identities_rfid_card;
ALTER TABLE kiosk_identities DROP COLUMN rfid_card;
