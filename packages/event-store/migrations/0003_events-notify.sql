-- Up Migration
-- Subscriptions in other processes (replicas sharing this database) hear each append's commit instead of
-- polling for it: a notification is delivered at commit, once per transaction and channel.
CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ams_events', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_notify();

-- Down Migration
DROP TRIGGER events_notify ON events;
DROP FUNCTION events_notify();
