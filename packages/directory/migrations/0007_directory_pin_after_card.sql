-- Up Migration
-- people's pinAfterCard setting: attendance asks a card's holder for their PIN before it issues a ticket in
-- companies that turned it on.
ALTER TABLE directory_settings ADD COLUMN pin_after_card boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE directory_settings DROP COLUMN pin_after_card;
