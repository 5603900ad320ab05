-- Up Migration
-- The RFID clock (spec §3 rfidClock): each employee may have a card the kiosk identifies them by, one card per
-- employee and one employee per card within a company (case-insensitive: readers differ in the case of hex
-- digits). A card is something one holds and may lose or lend, so a company may ask for the holder's PIN after
-- it (pin_after_card, off unless a company turns it on).
ALTER TABLE employees ADD COLUMN rfid_card text CHECK (rfid_card IS NULL OR (rfid_card <> '' AND length(rfid_card) <= 64));
CREATE UNIQUE INDEX employees_rfid_card ON employees (company_id, lower(rfid_card)) WHERE rfid_card IS NOT NULL;
ALTER TABLE settings ADD COLUMN pin_after_card boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE settings DROP COLUMN pin_after_card;
DROP INDEX employees_rfid_card;
ALTER TABLE employees DROP COLUMN rfid_card;
