-- Up Migration
-- Reporting's requests for the owners' whole state (history.HistoryRequested), made when its read models are new
-- or were emptied: published again until every owner answered (`answered`: their history.HistoryAnnounced).
CREATE TABLE history_requests (
  request_id uuid PRIMARY KEY,
  requested_at timestamptz NOT NULL,
  answered text[] NOT NULL DEFAULT '{}'
);

-- Down Migration
DROP TABLE history_requests;
