-- Up Migration
-- Appends no longer notify in their own transaction: PostgreSQL serialises the commits of transactions that
-- NOTIFY, which halved the append rate of concurrent writers. The appending process notifies after its commits,
-- coalesced (appendNotifier), where other processes' subscriptions listen.
DROP TRIGGER events_notify ON events;
DROP FUNCTION events_notify();

-- Down Migration
-- The statement trigger as it was (migration 0003), one notification in every inserting transaction.
CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('ams_events', ''); RETURN NULL; END $$;
CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_notify();
