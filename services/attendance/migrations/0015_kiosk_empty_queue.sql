-- Up Migration
-- When a registered kiosk last reported, online, that no offline punch was waiting: a replayed punch dated
-- before that cannot have been taken offline. Known already where the last contact reported an empty queue.
ALTER TABLE kiosk_devices ADD COLUMN empty_queue_at timestamptz;
UPDATE kiosk_devices SET empty_queue_at = last_contact_at WHERE queue_length = 0;

-- Down Migration
ALTER TABLE kiosk_devices DROP COLUMN empty_queue_at;
