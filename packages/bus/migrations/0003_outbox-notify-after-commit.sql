-- Up Migration
-- Enqueueing transactions no longer notify: PostgreSQL serialises the commits of transactions that NOTIFY. The
-- relay of the committing process notifies after its commits instead, coalesced, where other replicas listen.
DROP TRIGGER outbox_notify ON outbox;
DROP FUNCTION outbox_notify();

-- Down Migration
-- The statement trigger as it was (migration 0002), one notification in every inserting transaction.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('ams_outbox', ''); RETURN NULL; END $$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
