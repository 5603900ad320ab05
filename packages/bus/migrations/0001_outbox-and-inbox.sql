-- Up Migration
CREATE TABLE outbox (
  position bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  envelope jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_pending ON outbox (position) WHERE published_at IS NULL;

-- One relay per schema publishes at a time (order per key), chosen by a lease rather than a held
-- lock, so no transaction stays open while it publishes.
CREATE TABLE outbox_relay_lease (
  id smallint PRIMARY KEY CHECK (id = 1),
  holder text,
  lease_until timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO outbox_relay_lease (id) VALUES (1);

CREATE TABLE inbox (
  consumer_group text NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer_group, event_id)
);

-- Down Migration
DROP TABLE inbox;
DROP TABLE outbox_relay_lease;
DROP TABLE outbox;
