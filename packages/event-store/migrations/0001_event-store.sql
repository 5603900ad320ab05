-- Up Migration
-- One row per stream: its version (= position of its last event) and the row lock that
-- serialises writers of that stream.
CREATE TABLE streams (
  stream_id text PRIMARY KEY,
  version integer NOT NULL CHECK (version > 0)
);

CREATE TABLE events (
  global_position bigserial NOT NULL,
  -- The writing transaction: readers of the global order stay below the oldest in-flight one.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_position integer NOT NULL CHECK (stream_position > 0),
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, stream_position)
);
-- The global read: ordered by (transaction, position), resumed after a checkpoint.
CREATE INDEX events_global_order ON events (transaction_id, global_position);

CREATE TABLE subscription_checkpoints (
  name text PRIMARY KEY,
  -- '0' precedes every real transaction id: a new subscription starts at the beginning.
  last_transaction_id xid8 NOT NULL DEFAULT '0',
  last_global_position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE subscription_checkpoints;
DROP TABLE events;
DROP TABLE streams;
