-- Up Migration
-- A relay in another process (a replica sharing this database) hears each commit that enqueued events
-- instead of polling for them: a notification is delivered at commit, once per transaction and channel.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ams_outbox', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();

-- Down Migration
DROP TRIGGER outbox_notify ON outbox;
DROP FUNCTION outbox_notify();
