-- Up Migration
-- One row: which installation this is and since when (shown by /health; survives restarts).
CREATE TABLE installation (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE installation;
