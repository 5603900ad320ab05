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

-- The append in one call: bumps the stream's version when it still equals the expected one (taking
-- the stream row lock) and inserts the events behind it. It changes nothing when the version differs
-- or when one of the ids is already stored (new_version is then NULL; the caller asks why).
-- A NULL expected version ('any') means "the version this statement sees".
-- PL/pgSQL caches the statement's plan per session, so an append costs no parse or plan (a named
-- prepared statement would too, but PGlite shares one session among all connections, so names clash).
CREATE FUNCTION try_append(
  p_stream_id text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[], p_expected integer,
  OUT new_version integer, OUT new_global_positions bigint[]
) LANGUAGE plpgsql AS $$
BEGIN
  WITH
    existing AS (
      SELECT 1 FROM events WHERE event_id = ANY(p_ids) LIMIT 1
    ),
    expected AS (
      SELECT COALESCE(p_expected, (SELECT s.version FROM streams s WHERE s.stream_id = p_stream_id), 0) AS version
    ),
    updated AS (
      UPDATE streams s SET version = s.version + cardinality(p_ids)
       WHERE s.stream_id = p_stream_id
         AND s.version = (SELECT version FROM expected)
         AND NOT EXISTS (SELECT 1 FROM existing)
      RETURNING s.version
    ),
    created AS (
      INSERT INTO streams (stream_id, version)
      SELECT p_stream_id, cardinality(p_ids)
       WHERE (SELECT version FROM expected) = 0
         AND NOT EXISTS (SELECT 1 FROM existing)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING streams.version
    ),
    bumped AS (
      SELECT version FROM updated UNION ALL SELECT version FROM created
    ),
    inserted AS (
      INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
      SELECT p_stream_id, bumped.version - cardinality(p_ids) + e.ordinal, e.event_id, e.type, e.data, e.metadata
        FROM bumped,
             unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS e(event_id, type, data, metadata, ordinal)
       ORDER BY e.ordinal
      RETURNING global_position
    )
  SELECT (SELECT version FROM bumped),
         ARRAY(SELECT global_position FROM inserted ORDER BY global_position)
    INTO new_version, new_global_positions;
END
$$;

-- Down Migration
DROP FUNCTION try_append;
DROP TABLE subscription_checkpoints;
DROP TABLE events;
DROP TABLE streams;
